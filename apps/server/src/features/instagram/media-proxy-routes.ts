import { instagramMediaProxyQuerySchema } from "@sightline/contracts";
import { isMetaCdnUrl, sandboxCdnPrefix } from "@sightline/instagram-graph";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import {
  createSafeFetch,
  readBodyCapped,
  SafeFetchError,
  type SafeFetchOptions,
} from "../../lib/safe-fetch.ts";
import { validate } from "../../lib/validate.ts";
import { requireUser } from "../../middleware/session.ts";
import type { Clock } from "../../platform/clock.ts";

const MAX_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_AGE_SECONDS = 3600;

const imageTypes = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/heic",
]);
const SVG = "image/svg+xml";
/** SVG is a document that can carry script; opened directly it must still run nothing. */
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'";

export type MediaProxyDeps = {
  /**
   * In sandbox mode only: where the sandbox's CDN lives (this server's origin when it is mounted,
   * the shared sandbox's when `INSTAGRAM_SANDBOX_URL` is set, decision 032) and how to read it (in
   * process, or straight over HTTP: it is usually http://localhost, which safeFetch refuses).
   */
  sandboxCdn: { origin: string; fetch(url: string): Promise<Response> } | undefined;
  now: Clock;
  /** Replaces DNS and the connection under safeFetch (tests: this machine has no internet). */
  outboundFetch?: Pick<SafeFetchOptions, "lookup" | "transport">;
};

type Upstream = { status: number; headers: Headers; body: Uint8Array };

/** When a signed CDN URL expires (Meta's `oe`, hex seconds), in ms; undefined when it does not say. */
function cdnExpiryOf(src: URL): number | undefined {
  const oe = src.searchParams.get("oe");
  if (!oe || !/^[0-9a-f]{1,12}$/i.test(oe)) return undefined;
  return Number.parseInt(oe, 16) * 1000;
}

/** Seconds the browser may keep the image: an hour, or less when the signed URL expires sooner. */
function maxAgeFor(src: URL, now: number): number {
  const expires = cdnExpiryOf(src);
  if (expires === undefined) return MAX_AGE_SECONDS;
  const left = Math.floor((expires - now) / 1000);
  return Math.max(0, Math.min(MAX_AGE_SECONDS, left));
}

/**
 * A stored CDN URL still good to hand the browser: it says when it expires (`oe`) and that is
 * more than the proxy's longest cache time (an hour) away. Anything else is read fresh.
 */
export function storedCdnUrlFresh(url: string, now: number): boolean {
  let src: URL;
  try {
    src = new URL(url);
  } catch {
    return false;
  }
  const expires = cdnExpiryOf(src);
  return expires !== undefined && expires - now > MAX_AGE_SECONDS * 1000;
}

function failure(error: SafeFetchError): AppError {
  switch (error.reason) {
    case "redirect_refused":
    case "too_many_redirects":
      return new AppError(
        "bad_gateway",
        "The image host redirected to an address that is not Instagram's CDN.",
      );
    case "too_large":
      return new AppError("bad_gateway", "The image is larger than 8 MB.");
    case "timeout":
      return new AppError("bad_gateway", "The image host did not answer within 10 seconds.");
    default:
      return new AppError("bad_gateway", "The image host could not be reached.");
  }
}

/** Errors (signed out, refused host, failed fetch) must not be cached as if they were the image. */
const noStoreUnlessOk = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status !== 200) c.res.headers.set("Cache-Control", "no-store");
});

/**
 * GET /api/functions/instagram-media-proxy?src=… (spec: function instagram-media-proxy): serves
 * an Instagram image through our origin, so the page's CSP and the browser never talk to Meta's
 * CDN with our users' cookies or referrers, and expired or broken CDN answers fail in one place.
 * Only Meta's CDN hosts (contract §9) are fetched, through safeFetch with the same allow-list on every
 * redirect; in sandbox mode also the configured sandbox's CDN, and no other sandbox's.
 */
export function mediaProxyRoutes(deps: MediaProxyDeps) {
  const safeFetch = createSafeFetch({
    allowUrl: isMetaCdnUrl,
    maxBytes: MAX_BYTES,
    timeoutMs: TIMEOUT_MS,
    maxRedirects: 3,
    ...deps.outboundFetch,
  });
  const sandboxPrefix = deps.sandboxCdn ? sandboxCdnPrefix(deps.sandboxCdn.origin) : undefined;

  async function fromSandbox(src: URL): Promise<Upstream> {
    let response: Response;
    try {
      response = await deps.sandboxCdn!.fetch(src.href);
    } catch {
      // A shared sandbox (its own process) that is down or unreachable.
      throw new SafeFetchError("network", "The sandbox CDN could not be reached.");
    }
    // The sandbox's fetch follows nothing; its CDN never redirects, so refuse one.
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new SafeFetchError("redirect_refused", "The sandbox CDN redirected.");
    }
    const length = Number(response.headers.get("content-length"));
    if (Number.isFinite(length) && length > MAX_BYTES) {
      await response.body?.cancel();
      throw new SafeFetchError("too_large", "The image is too large.");
    }
    return {
      status: response.status,
      headers: response.headers,
      body: await readBodyCapped(response, MAX_BYTES),
    };
  }

  return new Hono<AppEnv>().get(
    "/",
    noStoreUnlessOk,
    requireUser,
    validate("query", instagramMediaProxyQuerySchema),
    async (c) => {
      const { src } = c.req.valid("query");
      let url: URL;
      try {
        url = new URL(src);
      } catch {
        throw new AppError("bad_request", "src must be an absolute image URL.");
      }
      // Both the text as given and the parsed URL: the parser folds `..` and `%2e%2e`, which
      // could otherwise walk from the sandbox's CDN to its Graph API.
      const isSandboxCdn =
        sandboxPrefix !== undefined &&
        src.startsWith(sandboxPrefix) &&
        url.href.startsWith(sandboxPrefix);
      if (!isSandboxCdn && !isMetaCdnUrl(url)) {
        c.var.logger.info({ host: url.hostname }, "media proxy refused a host");
        throw new AppError("bad_request", "src must be an https URL on Instagram's CDN.");
      }

      let upstream: Upstream;
      try {
        upstream = isSandboxCdn
          ? await fromSandbox(url)
          : await safeFetch(url, {
              headers: {
                accept: [...imageTypes].join(","),
                "user-agent": "Sightline media proxy",
              },
            });
      } catch (error) {
        if (error instanceof SafeFetchError) throw failure(error);
        throw error;
      }

      if (upstream.status !== 200) {
        throw new AppError(
          "bad_gateway",
          `The image host answered with status ${upstream.status}; the link may have expired.`,
        );
      }
      const type = (upstream.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
      const isImage = imageTypes.has(type) || (isSandboxCdn && type === SVG);
      if (!isImage) throw new AppError("bad_gateway", "The image host did not return an image.");

      // Fresh headers: nothing of the upstream's (Set-Cookie above all) reaches the browser.
      const headers: Record<string, string> = {
        "Content-Type": type,
        "Cache-Control": `private, max-age=${maxAgeFor(url, deps.now())}`,
        "X-Content-Type-Options": "nosniff",
        "Cross-Origin-Resource-Policy": "same-origin",
      };
      if (type === SVG) headers["Content-Security-Policy"] = svgPolicy;
      return c.body(upstream.body as Uint8Array<ArrayBuffer>, 200, headers);
    },
  );
}
