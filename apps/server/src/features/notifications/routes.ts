import type { Db } from "@sightline/db";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";
import { requireMember } from "../../middleware/session.ts";
import { listNotifications } from "./list-notifications.ts";

/** GET /api/notifications: the signed-in user's notification items (spec §3 Notification). */
export function notificationRoutes(deps: { db: Db; now: () => Date }) {
  return new Hono<AppEnv>().get("/", requireMember("read"), async (c) => {
    const items = await listNotifications(deps.db, {
      workspaceId: c.var.workspace.id,
      now: deps.now(),
    });
    return c.json(
      items.map(({ id, type, count, latestTimestamp }) => ({ id, type, count, latestTimestamp })),
    );
  });
}
