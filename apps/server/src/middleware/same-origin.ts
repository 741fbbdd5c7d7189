import { createMiddleware } from "hono/factory";
import { AppError } from "../lib/app-error.ts";
import type { AppEnv } from "../lib/app-types.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** Session cookies carry this prefix (`sightline.` or `__Secure-sightline.`). */
const sessionCookie = /(?:^|;\s*)(?:__Secure-)?sightline\./;

/**
 * Refuses state-changing requests a browser sends from another site: a foreign Origin, or no
 * Origin with Sec-Fetch-Site naming another site (cross-site, or same-site: a sibling host,
 * which a present Origin would not pass either). A request with neither header but with the
 * session cookie is refused too: browsers send one of them on every credentialed write, so a
 * request without both cannot be told apart from a forged one (this covers sign-out, whose
 * only credential is the cookie). Requests from servers (no Origin, no cookie) pass, e.g.
 * Meta's callbacks, which are authenticated by their signatures instead.
 */
export function sameOriginOnly(trustedOrigins: readonly string[]) {
  const trusted = new Set(trustedOrigins);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      // An opaque origin ("null": sandboxed frames, data: URLs) is never trusted.
      const foreign = origin
        ? !trusted.has(origin)
        : fetchSite
          ? fetchSite === "cross-site" || fetchSite === "same-site"
          : sessionCookie.test(c.req.header("cookie") ?? "");
      if (foreign) throw new AppError("forbidden", "Cross-site requests are not allowed.");
    }
    await next();
  });
}
