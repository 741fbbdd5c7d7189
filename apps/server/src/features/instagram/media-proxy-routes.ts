import { instagramMediaProxyQuerySchema } from "@sightline/contracts";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireUser } from "../../middleware/session.ts";
import type { FetchCdnImage } from "./cdn-image.ts";

/** Errors (signed out, refused host, failed fetch) must not be cached as if they were the image. */
export const noStoreUnlessOk = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status !== 200) c.res.headers.set("Cache-Control", "no-store");
});

/**
 * GET /api/functions/instagram-media-proxy?src=… (spec: function instagram-media-proxy): serves
 * an Instagram image through our origin, so the page's CSP and the browser never talk to Meta's
 * CDN with our users' cookies or referrers, and expired or broken CDN answers fail in one place.
 * The fetch itself (Meta's CDN hosts only, contract §9, size, type and time limits, the sandbox's
 * CDN in sandbox mode) is `fetchCdnImage` (cdn-image.ts), which client reports use as well.
 */
export function mediaProxyRoutes(deps: { fetchCdnImage: FetchCdnImage }) {
  return new Hono<AppEnv>().get(
    "/",
    noStoreUnlessOk,
    requireUser,
    validate("query", instagramMediaProxyQuerySchema),
    async (c) => {
      const image = await deps.fetchCdnImage(c.req.valid("query").src);
      return c.body(image.body as Uint8Array<ArrayBuffer>, 200, image.headers);
    },
  );
}
