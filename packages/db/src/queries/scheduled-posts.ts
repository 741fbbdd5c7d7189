import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
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

/**
 * One page of an account's posts made here (the public API's list, issue 35): by scheduled
 * time then id, in `order`, after the keyset `after` (the last row of the page before), only
 * the given statuses when named.
 */
export async function listScheduledPostsPage(
  db: Db,
  scope: { workspaceId: string; accountId: string },
  params: {
    statuses?: ScheduledPostRow["status"][];
    order: "asc" | "desc";
    after?: { scheduledTime: Date; id: string };
    limit: number;
  },
) {
  const { after, order } = params;
  const key = sql`(${scheduledPosts.scheduledTime}, ${scheduledPosts.id})`;
  return db
    .select()
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.workspaceId, scope.workspaceId),
        eq(scheduledPosts.accountId, scope.accountId),
        params.statuses?.length ? inArray(scheduledPosts.status, params.statuses) : undefined,
        after
          ? order === "asc"
            ? sql`${key} > (${after.scheduledTime.toISOString()}::timestamptz, ${after.id}::uuid)`
            : sql`${key} < (${after.scheduledTime.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(
      ...(order === "asc"
        ? [asc(scheduledPosts.scheduledTime), asc(scheduledPosts.id)]
        : [desc(scheduledPosts.scheduledTime), desc(scheduledPosts.id)]),
    )
    .limit(params.limit);
}
