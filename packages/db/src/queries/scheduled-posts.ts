import { and, asc, eq } from "drizzle-orm";
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
