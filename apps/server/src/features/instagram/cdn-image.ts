import { isMetaCdnUrl, sandboxCdnPrefix } from "@sightline/instagram-graph";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import {
  createSafeFetch,
  readBodyCapped,
  SafeFetchError,
  type SafeFetchOptions,
} from "../../lib/safe-fetch.ts";
import type { Clock } from "../../platform/clock.ts";

const MAX_BYTES = 8 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_AGE_SECONDS = 3600;

/** What an Instagram image may be, by default (the media proxy passes each of them). */
export const CDN_IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/heic",
] as const;
const SVG = "image/svg+xml";
/** SVG is a document that can carry script; opened directly it must still run nothing. */
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'";

export type CdnImageDeps = {
  /**
   * In sandbox mode only: where the sandbox's CDN lives (this server's origin when it is mounted,
   * the shared sandbox's when `INSTAGRAM_SANDBOX_URL` is set, decision 032) and how to read it (in
   * process, or straight over HTTP: it is usually http://localhost, which safeFetch refuses).
   */
  sandboxCdn:
    | { origin: string; fetch(url: string, init?: RequestInit): Promise<Response> }
    | undefined;
  now: Clock;
  logger?: Logger | undefined;
  /** Replaces DNS and the connection under safeFetch (tests: this machine has no internet). */
  outboundFetch?: Pick<SafeFetchOptions, "lookup" | "transport"> | undefined;
};

export type CdnImage = {
  /** The image's type, one of those asked for. */
  type: string;
  body: Uint8Array;
  /**
   * Fresh headers for serving it (nothing of the upstream's, Set-Cookie above all): its type, a
   * private cache lifetime bounded by the signed URL's expiry, nosniff, same-origin, and a
   * script-free policy for the sandbox's SVG.
   */
  headers: Record<string, string>;
};

export type CdnImageOptions = {
  /**
   * The types the caller can use (default: every image type, and the sandbox's SVG). The PDF
   * asks for JPEG and PNG only, and says so in `Accept`, as Meta's CDN negotiates the format.
   */
  types?: readonly string[];
  signal?: AbortSignal;
};

/**
 * Reads one Instagram image server-side: only from Meta's CDN hosts (contract §9), through
 * safeFetch with the same allow-list on every redirect, at most 8 MB within 10 seconds, and only
 * an image of a type the caller takes; in sandbox mode also from the configured sandbox's CDN,
 * and no other sandbox's. Throws AppError: bad_request for a URL it will not fetch, bad_gateway
 * when the image host fails or answers something else.
 */
export type FetchCdnImage = (src: string, options?: CdnImageOptions) => Promise<CdnImage>;

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

type Upstream = { status: number; headers: Headers; body: Uint8Array };

export function createCdnImageFetcher(deps: CdnImageDeps): FetchCdnImage {
  const safeFetch = createSafeFetch({
    allowUrl: isMetaCdnUrl,
    maxBytes: MAX_BYTES,
    timeoutMs: TIMEOUT_MS,
    maxRedirects: 3,
    ...deps.outboundFetch,
  });
  const sandboxPrefix = deps.sandboxCdn ? sandboxCdnPrefix(deps.sandboxCdn.origin) : undefined;

  async function fromSandbox(src: URL, accept: string, signal?: AbortSignal): Promise<Upstream> {
    let response: Response;
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    try {
      response = await deps.sandboxCdn!.fetch(src.href, {
        headers: { accept },
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch {
      // A shared sandbox (its own process) that is down, unreachable or too slow.
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

  return async (src, options = {}) => {
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
      deps.logger?.info({ host: url.hostname }, "media proxy refused a host");
      throw new AppError("bad_request", "src must be an https URL on Instagram's CDN.");
    }
    // The sandbox draws its artwork as SVG; Meta's hosts never get to serve one.
    const types = new Set<string>(
      options.types ?? (isSandboxCdn ? [...CDN_IMAGE_TYPES, SVG] : CDN_IMAGE_TYPES),
    );
    if (!isSandboxCdn) types.delete(SVG);
    const accept = [...types].join(",");

    let upstream: Upstream;
    try {
      upstream = isSandboxCdn
        ? await fromSandbox(url, accept, options.signal)
        : await safeFetch(url, {
            headers: { accept, "user-agent": "Sightline media proxy" },
            ...(options.signal ? { signal: options.signal } : {}),
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
    if (!types.has(type))
      throw new AppError("bad_gateway", "The image host did not return an image.");

    const headers: Record<string, string> = {
      "Content-Type": type,
      "Cache-Control": `private, max-age=${maxAgeFor(url, deps.now())}`,
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    };
    if (type === SVG) headers["Content-Security-Policy"] = svgPolicy;
    return { type, body: upstream.body, headers };
  };
}
