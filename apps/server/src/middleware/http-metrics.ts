import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv } from "../lib/app-types.ts";
import type { AppMetrics } from "../platform/metrics.ts";

/**
 * Times every request and counts it under the route pattern Hono matched
 * (`/api/scheduled-posts/:id`, `/*` for the web app's pages), never the path it was called with,
 * so no id, token or e-mail address in a URL becomes a label. Runs first, so the time covers
 * every other middleware. `onRoute` names the request's trace span the same way (tracing on).
 */
export function httpMetrics(
  metrics: Pick<AppMetrics, "observeHttpRequest">,
  onRoute?: (method: string, route: string) => void,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // After next(), the route index points at the handler that answered (or the last
      // middleware reached, for a 404), whose pattern is the label.
      const route = routePath(c) || "unmatched";
      metrics.observeHttpRequest({
        method: c.req.method,
        route,
        status: failed ? 500 : c.res.status,
        seconds: (performance.now() - started) / 1000,
      });
      onRoute?.(c.req.method, route);
    }
  });
}
