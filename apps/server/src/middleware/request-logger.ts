import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../lib/app-types.ts";
import type { Logger } from "../lib/logger.ts";
import { redactPath } from "../lib/redact.ts";

/**
 * A logger that becomes `logger.child(bindings)` the first time something is logged through it.
 * Pino's child serialises its bindings when it is made (with the redaction paths), which a
 * request that logs nothing (a webhook delivery, a page, an asset) need not pay for.
 */
function lazyChild(logger: Logger, bindings: Record<string, unknown>): Logger {
  let child: Logger | undefined;
  return new Proxy({} as Logger, {
    get(_target, key) {
      child ??= logger.child(bindings);
      const value: unknown = Reflect.get(child, key, child);
      return typeof value === "function" ? value.bind(child) : value;
    },
  });
}

/**
 * A child logger per request (carrying its id), and one line per finished API or MCP request.
 * The path is logged with its tokens redacted (reset-password/<token>); the query is never
 * logged.
 */
export function requestLogger(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    const path = c.req.path;
    // Probes every few seconds would drown the log. /mcp is the API for assistants.
    const logged =
      (path.startsWith("/api/") && path !== "/api/health" && path !== "/api/ready") ||
      path === "/mcp";
    const bindings = { requestId: c.get("requestId") };
    const log = logged ? logger.child(bindings) : lazyChild(logger, bindings);
    c.set("logger", log);
    await next();
    if (!logged) return;
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
