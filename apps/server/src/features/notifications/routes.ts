import type { Db } from "@sightline/db";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { listNotifications } from "./list-notifications.ts";

/**
 * GET /api/notifications: the bell's items (spec section 3 Notification) for the Instagram
 * account the member has open (issue 29 point 6).
 */
export function notificationRoutes(deps: { db: Db; now: Clock }) {
  return new Hono<AppEnv>().get("/", requireMember("read"), async (c) => {
    const connection = await selectedConnection(deps.db, c.var.workspace);
    const items = await listNotifications(deps.db, {
      workspaceId: c.var.workspace.id,
      accountId: connection?.instagramId,
      userId: c.var.user.id,
      now: dateOf(deps.now),
    });
    return c.json(
      items.map(({ id, type, count, latestTimestamp }) => ({ id, type, count, latestTimestamp })),
    );
  });
}
