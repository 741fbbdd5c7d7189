import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Compares in constant time: both sides are hashed first, so lengths never differ. */
export function tokenMatches(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `GET /metrics` (decision 031): Prometheus' text format, for a scraper that sends
 * `Authorization: Bearer $METRICS_TOKEN`. Without METRICS_TOKEN the route does not exist (404);
 * with it, any other or missing credential is 401.
 */
export function metricsRoutes(deps: {
  token: string | undefined;
  render: () => Promise<{ contentType: string; body: string }>;
}) {
  return new Hono<AppEnv>().get("/", async (c) => {
    if (!deps.token) return c.text("Not found", 404);
    const given = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
    if (!given || !tokenMatches(given, deps.token)) {
      c.header("www-authenticate", 'Bearer realm="metrics"');
      return c.text("Unauthorized", 401);
    }
    const { contentType, body } = await deps.render();
    c.header("cache-control", "no-store");
    return c.body(body, 200, { "content-type": contentType });
  });
}
