import { can } from "@sightline/contracts";
import { type Db, isNamedApprover } from "@sightline/db";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { listNotifications } from "./list-notifications.ts";

/**
 * GET /api/notifications: the bell's items (spec section 3 Notification) for the Instagram
 * account the member has open (issue 29 point 6). Members who read get the account's events;
 * members who review (a Client has no "read") get what is addressed to them: posts sent to them
 * for approval and @mentions (decision 037 addendum).
 */
export function notificationRoutes(deps: { db: Db; now: Clock }) {
  return new Hono<AppEnv>().get("/", requireMember(["read", "review"]), async (c) => {
    const { workspace, user } = c.var;
    const canRead = can(workspace.role, "read");
    // A Client reads no account: the account named is not theirs to resolve.
    const connection = canRead ? await selectedConnection(deps.db, workspace) : undefined;
    const reviewer =
      workspace.role === "client"
        ? { everyAccount: true }
        : can(workspace.role, "review") && (await isNamedApprover(deps.db, workspace.id, user.id))
          ? { everyAccount: false }
          : undefined;
    const items = await listNotifications(deps.db, {
      workspaceId: workspace.id,
      accountId: connection?.instagramId,
      userId: user.id,
      now: dateOf(deps.now),
      canRead,
      reviewer,
    });
    return c.json(
      items.map(({ id, type, count, latestTimestamp }) => ({ id, type, count, latestTimestamp })),
    );
  });
}
