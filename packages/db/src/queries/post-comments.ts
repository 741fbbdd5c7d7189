import { and, asc, count, eq, gt, inArray, lte, max, or } from "drizzle-orm";
import type { Db } from "../client.ts";
import { postCommentMentions, postComments } from "../schema/index.ts";

/*
 * Comments between members on the workspace's posts (decision 042): every query takes the
 * workspace right after `db`.
 */

export type PostCommentRow = typeof postComments.$inferSelect;

export async function listPostComments(db: Db, workspaceId: string, postId: string) {
  return db
    .select()
    .from(postComments)
    .where(and(eq(postComments.workspaceId, workspaceId), eq(postComments.postId, postId)))
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
}

export async function findPostComment(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(postComments)
    .where(and(eq(postComments.workspaceId, workspaceId), eq(postComments.id, id)));
  return row;
}

export async function insertPostComment(
  db: Db,
  workspaceId: string,
  input: { postId: string; parentId: string | null; authorUserId: string; body: string; now: Date },
): Promise<PostCommentRow> {
  const [row] = await db
    .insert(postComments)
    .values({
      workspaceId,
      postId: input.postId,
      parentId: input.parentId,
      authorUserId: input.authorUserId,
      body: input.body,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

export async function updatePostCommentBody(
  db: Db,
  workspaceId: string,
  id: string,
  input: { body: string; now: Date },
) {
  const [row] = await db
    .update(postComments)
    .set({ body: input.body, editedAt: input.now })
    .where(and(eq(postComments.workspaceId, workspaceId), eq(postComments.id, id)))
    .returning();
  return row;
}

/** Deletes the comment and its replies. */
export async function deletePostComment(db: Db, workspaceId: string, id: string) {
  const rows = await db
    .delete(postComments)
    .where(
      and(
        eq(postComments.workspaceId, workspaceId),
        or(eq(postComments.id, id), eq(postComments.parentId, id)),
      ),
    )
    .returning({ id: postComments.id });
  return rows.length;
}

/** Records who a comment mentions; answers the members mentioned for the first time. */
export async function addPostCommentMentions(
  db: Db,
  workspaceId: string,
  input: { commentId: string; userIds: string[]; now: Date },
): Promise<string[]> {
  if (input.userIds.length === 0) return [];
  const rows = await db
    .insert(postCommentMentions)
    .values(
      input.userIds.map((userId) => ({
        commentId: input.commentId,
        workspaceId,
        userId,
        createdAt: input.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: postCommentMentions.userId });
  return rows.map((row) => row.userId);
}

/** The number of comments (replies included) of each of the workspace's posts that has some. */
export async function countPostCommentsByPost(db: Db, workspaceId: string, postIds?: string[]) {
  if (postIds && postIds.length === 0) return [];
  return db
    .select({ postId: postComments.postId, count: count() })
    .from(postComments)
    .where(
      and(
        eq(postComments.workspaceId, workspaceId),
        postIds ? inArray(postComments.postId, postIds) : undefined,
      ),
    )
    .groupBy(postComments.postId);
}

/** The bell: times the member was mentioned in the workspace's comments in (since, now]. */
export async function countRecentCommentMentions(
  db: Db,
  workspaceId: string,
  input: { userId: string; since: Date; now: Date },
): Promise<{ count: number; latest: Date } | undefined> {
  const [row] = await db
    .select({ count: count(), latest: max(postCommentMentions.createdAt) })
    .from(postCommentMentions)
    .where(
      and(
        eq(postCommentMentions.workspaceId, workspaceId),
        eq(postCommentMentions.userId, input.userId),
        gt(postCommentMentions.createdAt, input.since),
        lte(postCommentMentions.createdAt, input.now),
      ),
    );
  if (!row || row.count === 0 || !row.latest) return undefined;
  return { count: row.count, latest: new Date(row.latest) };
}

/** Who each of these comments mentions (comment id → user ids). */
export async function listPostCommentMentions(db: Db, workspaceId: string, commentIds: string[]) {
  const mentions = new Map<string, string[]>();
  if (commentIds.length === 0) return mentions;
  const rows = await db
    .select({ commentId: postCommentMentions.commentId, userId: postCommentMentions.userId })
    .from(postCommentMentions)
    .where(
      and(
        eq(postCommentMentions.workspaceId, workspaceId),
        inArray(postCommentMentions.commentId, commentIds),
      ),
    )
    .orderBy(asc(postCommentMentions.createdAt));
  for (const row of rows) {
    mentions.set(row.commentId, [...(mentions.get(row.commentId) ?? []), row.userId]);
  }
  return mentions;
}
