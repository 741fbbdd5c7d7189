import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../lib/app-types.ts";
import type { Logger } from "../lib/logger.ts";
import { redactPath } from "../lib/redact.ts";

/**
 * A child logger per request (carrying its id), and one line per finished API request. The
 * path is logged with its tokens redacted (reset-password/<token>); the query is never logged.
 */
export function requestLogger(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const log = logger.child({ requestId: c.get("requestId") });
    c.set("logger", log);
    await next();
    const path = c.req.path;
    // Probes every few seconds would drown the log.
    if (!path.startsWith("/api/") || path === "/api/health" || path === "/api/ready") return;
    log.info(
      {
        method: c.req.method,
        path: redactPath(path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
}
