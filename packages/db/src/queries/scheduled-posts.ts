import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { scheduledPosts } from "../schema/index.ts";

export type ScheduledPostRow = typeof scheduledPosts.$inferSelect;

export async function insertScheduledPost(
  db: Db,
  row: typeof scheduledPosts.$inferInsert,
): Promise<ScheduledPostRow> {
  const [inserted] = await db.insert(scheduledPosts).values(row).returning();
  return inserted!;
}

export async function listScheduledPosts(db: Db, userId: string) {
  return db
    .select()
    .from(scheduledPosts)
    .where(eq(scheduledPosts.userId, userId))
    .orderBy(asc(scheduledPosts.scheduledTime));
}

/** Cancels a post still waiting to go out; answers whether one was removed. */
export async function deleteWaitingScheduledPost(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.userId, userId),
        eq(scheduledPosts.id, id),
        eq(scheduledPosts.status, "scheduled"),
      ),
    )
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}
