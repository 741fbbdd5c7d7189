import type { DbKind } from "@sightline/db";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";

export function healthRoutes(deps: { dbKind: DbKind; ping: () => Promise<void>; version: string }) {
  return new Hono<AppEnv>().get("/", async (c) => {
    try {
      await deps.ping();
      return c.json({ status: "ok" as const, db: deps.dbKind, version: deps.version }, 200);
    } catch (error) {
      c.get("logger").warn({ err: error }, "health check: database did not answer");
      return c.json(
        { status: "unavailable" as const, db: deps.dbKind, version: deps.version },
        503,
      );
    }
  });
}
