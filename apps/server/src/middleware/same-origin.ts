import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-types.ts";
import { AppError } from "../lib/app-error.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests a browser sends from another site: a foreign Origin, or
 * no Origin with Sec-Fetch-Site: cross-site. Requests from servers (no Origin) pass, e.g. Meta's
 * callbacks, which are authenticated by their signatures instead.
 */
export function sameOriginOnly(trustedOrigins: readonly string[]) {
  const trusted = new Set(trustedOrigins);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      // An opaque origin ("null": sandboxed frames, data: URLs) is never trusted.
      const foreign = origin ? !trusted.has(origin) : fetchSite === "cross-site";
      if (foreign) throw new AppError("forbidden", "Cross-site requests are not allowed.");
    }
    await next();
  });
}
