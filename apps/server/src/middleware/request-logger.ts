import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-types.ts";
import type { Logger } from "../lib/logger.ts";

/** A child logger per request (carrying its id), and one line per finished API request. */
export function requestLogger(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const log = logger.child({ requestId: c.get("requestId") });
    c.set("logger", log);
    await next();
    const path = c.req.path;
    if (!path.startsWith("/api/") || path === "/api/health") return;
    log.info(
      {
        method: c.req.method,
        path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
}
