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
  const fallback = bodyLimit({ maxSize: options.defaultBytes ?? DEFAULT_BODY_LIMIT, onError });
  const perRoute = (options.routes ?? []).map((route) => ({
    prefix: route.prefix,
    limit: bodyLimit({ maxSize: route.maxBytes, onError }),
  }));
  return createMiddleware<AppEnv>((c, next) => {
    const match = perRoute.find((route) => c.req.path.startsWith(route.prefix));
    return (match?.limit ?? fallback)(c, next);
  });
}
