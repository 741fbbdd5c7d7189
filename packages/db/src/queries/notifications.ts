import { NOTIFICATION_WINDOW_MS } from "@sightline/contracts";
import { and, count, eq, gt, lte, max, ne, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instagramComments, instagramMessages, instagramThreadMap } from "../schema/index.ts";

export interface NotificationCount {
  count: number;
  latest: Date;
}

/**
 * New inbound direct messages of the user: messages from the other person (not the business's
 * own id in the thread) in the user's mapped threads, received in the 24 hours up to `now`.
 */
export async function countRecentInboundMessages(
  db: Db,
  params: { workspaceId: string; accountId?: string | undefined; now: Date },
): Promise<NotificationCount | null> {
  const since = new Date(params.now.getTime() - NOTIFICATION_WINDOW_MS);
  const [row] = await db
    .select({ count: count(), latest: max(instagramMessages.createdTime) })
    .from(instagramMessages)
    .innerJoin(
      instagramThreadMap,
      and(
        eq(instagramThreadMap.workspaceId, instagramMessages.workspaceId),
        eq(instagramThreadMap.accountId, instagramMessages.accountId),
        eq(instagramThreadMap.threadId, instagramMessages.conversationId),
      ),
    )
    .where(
      and(
        eq(instagramMessages.workspaceId, params.workspaceId),
        params.accountId === undefined
          ? undefined
          : eq(instagramMessages.accountId, params.accountId),
        eq(instagramMessages.direction, "inbound"),
        ne(instagramMessages.fromId, instagramThreadMap.businessIgsid),
        gt(instagramMessages.createdTime, since),
        lte(instagramMessages.createdTime, params.now),
      ),
    );
  return row?.latest && row.count > 0 ? { count: row.count, latest: new Date(row.latest) } : null;
}

/**
 * Spec §7/§9: comments by others on the user's own posts in the 24 hours up to `now`. A post
 * is the user's own when its owner is the account the row was synced for; a comment is by
 * someone else when its author is not that account.
 */
export async function countRecentCommentsByOthers(
  db: Db,
  params: { workspaceId: string; accountId?: string | undefined; now: Date },
): Promise<NotificationCount | null> {
  const since = new Date(params.now.getTime() - NOTIFICATION_WINDOW_MS);
  const [row] = await db
    .select({ count: count(), latest: max(instagramComments.createdAt) })
    .from(instagramComments)
    .where(
      and(
        eq(instagramComments.workspaceId, params.workspaceId),
        params.accountId === undefined
          ? undefined
          : eq(instagramComments.accountId, params.accountId),
        // Written exactly as the partial index's predicate, so the planner can use it.
        sql`${instagramComments.mediaOwnerId} = ${instagramComments.accountId}`,
        ne(instagramComments.userIgsid, instagramComments.accountId),
        gt(instagramComments.createdAt, since),
        lte(instagramComments.createdAt, params.now),
      ),
    );
  return row?.latest && row.count > 0 ? { count: row.count, latest: new Date(row.latest) } : null;
}

/** Rows for tests and, later, the sync: one thread of the user's account. */
export async function upsertThread(
  db: Db,
  values: typeof instagramThreadMap.$inferInsert,
): Promise<void> {
  await db.insert(instagramThreadMap).values(values).onConflictDoNothing();
}

export async function insertInstagramMessage(
  db: Db,
  values: typeof instagramMessages.$inferInsert,
): Promise<void> {
  await db.insert(instagramMessages).values(values).onConflictDoNothing();
}

export async function insertInstagramComment(
  db: Db,
  values: typeof instagramComments.$inferInsert,
): Promise<void> {
  await db.insert(instagramComments).values(values).onConflictDoNothing();
}
