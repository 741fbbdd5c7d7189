import { createHash } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../lib/app-types.ts";

/** Meta's media hosts (packages/instagram-graph/src/cdn.ts): profile pictures and post media. */
const metaMediaSources = [
  "https://*.cdninstagram.com",
  "https://*.fbcdn.net",
  "https://lookaside.fbsbx.com",
  "https://platform-lookaside.fbsbx.com",
];

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** Hashes of a page's inline <script> blocks, for its Content-Security-Policy. */
export function inlineHashes(html: string): { scripts: string[] } {
  const scripts = [...html.matchAll(/<script(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? "")
    .filter((body) => body.length > 0)
    .map(sha256);
  return { scripts: [...new Set(scripts)] };
}

/**
 * The policy of an HTML document: everything from this origin, inline scripts only by hash,
 * images and media also from Meta's CDN, frames only from the demo video's origin, and never
 * framed itself. Inline styles stay allowed: the dialog's scroll lock and the toaster inject
 * <style> elements at run time (no nonce exists for prerendered pages), React prerenders style
 * props as attributes, and CSS cannot run script (see docs/decisions/006).
 */
export function documentPolicy(options: {
  scripts?: readonly string[];
  frameOrigins?: readonly string[];
  https: boolean;
}): string {
  const frames = options.frameOrigins?.length ? options.frameOrigins.join(" ") : "'none'";
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(options.scripts ?? [])].join(" "),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...metaMediaSources].join(" "),
    ["media-src 'self' blob:", ...metaMediaSources].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** For everything that is not a document (JSON, scripts, images): nothing may load or frame it. */
const resourcePolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Security headers on every response. A handler that knows its document (the web app's pages)
 * sets its own Content-Security-Policy; other HTML (the sandbox's and the dev mailbox's pages)
 * gets one with the hashes of its inline blocks, read from the uncompressed body.
 */
export function securityHeaders(options: { publicUrl: string }) {
  const https = new URL(options.publicUrl).protocol === "https:";
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    try {
      c.res.headers.set("X-Content-Type-Options", "nosniff");
    } catch {
      // A Response with immutable headers (e.g. passed through from fetch): copy it.
      const { body, status, statusText, headers } = c.res;
      c.res = undefined as unknown as Response;
      c.res = new Response(body, { status, statusText, headers: new Headers(headers) });
    }
    const headers = c.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()",
    );
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    if (https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (headers.has("Content-Security-Policy")) return;
    const type = headers.get("content-type") ?? "";
    if (type.startsWith("text/html") && !headers.has("content-encoding")) {
      const html = await c.res.clone().text();
      // The headers read again, not `headers`: under @hono/node-server (the real server) a
      // Response is a light stand-in that becomes a real one when cloned, with a copy of its
      // headers, so a header set on the old object after the clone was lost (the sandbox's and
      // the dev mailbox's pages went out with no policy).
      c.res.headers.set(
        "Content-Security-Policy",
        documentPolicy({ ...inlineHashes(html), https }),
      );
    } else {
      headers.set("Content-Security-Policy", resourcePolicy);
    }
  });
}
