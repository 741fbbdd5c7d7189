import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { AppError } from "../lib/app-error.ts";
import type { AppEnv } from "../lib/app-types.ts";

/** The default for every route: JSON and auth bodies are small. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * A body limit on every request: `defaultBytes`, or the limit of the first `routes` entry whose
 * path prefix matches (for upload routes that need more). A declared Content-Length over the
 * limit is refused before any byte is read; a chunked body is counted as it streams and refused
 * as soon as it passes the limit, so memory never holds more than the limit.
 */
export function bodyLimits(
  options: { defaultBytes?: number; routes?: readonly { prefix: string; maxBytes: number }[] } = {},
) {
  const onError = (): never => {
    throw new AppError("payload_too_large", "The request body is too large.");
  };
  const fallbackBytes = options.defaultBytes ?? DEFAULT_BODY_LIMIT;
  const fallback = bodyLimit({ maxSize: fallbackBytes, onError });
  const perRoute = (options.routes ?? []).map((route) => ({
    prefix: route.prefix,
    maxBytes: route.maxBytes,
    limit: bodyLimit({ maxSize: route.maxBytes, onError }),
  }));
  return createMiddleware<AppEnv>((c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const match = perRoute.find((route) => c.req.path.startsWith(route.prefix));
    // A declared length is checked from the header alone. Hono's bodyLimit asks for the body
    // stream to see whether there is one, which makes the Node adapter build a web Request and a
    // ReadableStream over the socket and read every body through them, instead of its direct
    // read (the webhook acknowledgement paid for it on each delivery; issue 27 point 5). Node's
    // parser reads no byte past Content-Length and refuses a request that has both headers, so
    // the declared length is the length read. A chunked body still goes through bodyLimit,
    // counted as it streams.
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
      const bytes = Number(declared);
      if (!Number.isSafeInteger(bytes) || bytes < 0) return (match?.limit ?? fallback)(c, next);
      return bytes > (match?.maxBytes ?? fallbackBytes) ? onError() : next();
    }
    return (match?.limit ?? fallback)(c, next);
  });
}
