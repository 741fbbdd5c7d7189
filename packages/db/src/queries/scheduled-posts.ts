import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { scheduledPosts } from "../schema/index.ts";

export type ScheduledPostRow = typeof scheduledPosts.$inferSelect;

/**
 * Inserts a post. With a `clientId` the browser already used, nothing new is written and the
 * first post is answered with `created: false` (a double click or a retried request).
 */
export async function insertScheduledPost(
  db: Db,
  row: typeof scheduledPosts.$inferInsert,
): Promise<{ row: ScheduledPostRow; created: boolean }> {
  const [inserted] = await db
    .insert(scheduledPosts)
    .values(row)
    .onConflictDoNothing({ target: [scheduledPosts.workspaceId, scheduledPosts.clientId] })
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.workspaceId, row.workspaceId),
        eq(scheduledPosts.clientId, row.clientId!),
      ),
    );
  return { row: existing!, created: false };
}

export async function listScheduledPosts(db: Db, workspaceId: string, accountId?: string) {
  return db
    .select()
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.workspaceId, workspaceId),
        accountId === undefined ? undefined : eq(scheduledPosts.accountId, accountId),
      ),
    )
    .orderBy(asc(scheduledPosts.scheduledTime));
}

/**
 * Posts the workspace scheduled or published through Sightline since `since` (the plan's monthly
 * count, issue 30): every row made in that time. A post deleted before it went out no longer
 * counts; a published one stays.
 */
export async function countScheduledPostsSince(db: Db, workspaceId: string, since: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.workspaceId, workspaceId), gte(scheduledPosts.createdAt, since)));
  return row?.count ?? 0;
}
