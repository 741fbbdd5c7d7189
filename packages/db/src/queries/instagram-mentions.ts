import { NOTIFICATION_WINDOW_MS } from "@sightline/contracts";
import { and, count, desc, eq, gt, gte, isNull, lt, lte, max, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instagramMentions } from "../schema/index.ts";
import type { NotificationCount } from "./notifications.ts";

export type InstagramMentionRow = typeof instagramMentions.$inferSelect;
export type InstagramMentionInsert = Omit<
  typeof instagramMentions.$inferInsert,
  "workspaceId" | "accountId" | "id" | "storedAt" | "repliedAt" | "replyIgCommentId"
>;

/** One connected account in one workspace: every mentions query takes it first. */
export type MentionScope = { workspaceId: string; accountId: string };

/**
 * Stores mentions once (the webhook is retried and duplicated; tags are read again and again):
 * a known mention keeps its row and only its counts are brought up to date. Returns the keys that
 * were new.
 */
export async function upsertMentions(
  db: Db,
  scope: MentionScope,
  rows: readonly InstagramMentionInsert[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(instagramMentions)
    .values(rows.map((row) => ({ ...row, ...scope })))
    .onConflictDoUpdate({
      target: [
        instagramMentions.workspaceId,
        instagramMentions.accountId,
        instagramMentions.mentionKey,
      ],
      set: {
        likeCount: sql`excluded.like_count`,
        commentsCount: sql`excluded.comments_count`,
        authorFollowers: sql`coalesce(excluded.author_followers, ${instagramMentions.authorFollowers})`,
      },
    })
    // xmax = 0 only for a row this statement inserted (an updated row has the old one's xmax).
    .returning({ key: instagramMentions.mentionKey, isNew: sql<boolean>`(xmax = 0)` });
  return new Set(inserted.filter((row) => row.isNew).map((row) => row.key));
}

export async function listMentionsOfAccount(
  db: Db,
  scope: MentionScope,
  params: {
    since?: Date | undefined;
    kind?: "caption" | "comment" | "tag" | undefined;
    /** Keyset: the last row of the previous page. */
    before?: { mentionedAt: Date; id: string } | undefined;
    limit: number;
  },
): Promise<InstagramMentionRow[]> {
  return db
    .select()
    .from(instagramMentions)
    .where(
      and(
        eq(instagramMentions.workspaceId, scope.workspaceId),
        eq(instagramMentions.accountId, scope.accountId),
        params.since ? gte(instagramMentions.mentionedAt, params.since) : undefined,
        params.kind ? eq(instagramMentions.kind, params.kind) : undefined,
        params.before
          ? or(
              lt(instagramMentions.mentionedAt, params.before.mentionedAt),
              and(
                eq(instagramMentions.mentionedAt, params.before.mentionedAt),
                lt(instagramMentions.id, params.before.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(instagramMentions.mentionedAt), desc(instagramMentions.id))
    .limit(params.limit);
}

export async function findMentionOfAccount(
  db: Db,
  scope: MentionScope,
  id: string,
): Promise<InstagramMentionRow | undefined> {
  const [row] = await db
    .select()
    .from(instagramMentions)
    .where(
      and(
        eq(instagramMentions.workspaceId, scope.workspaceId),
        eq(instagramMentions.accountId, scope.accountId),
        eq(instagramMentions.id, id),
      ),
    );
  return row;
}

/** Records the account's reply; false when another reply got there first. */
export async function markMentionReplied(
  db: Db,
  scope: MentionScope,
  id: string,
  reply: { igCommentId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(instagramMentions)
    .set({ repliedAt: reply.at, replyIgCommentId: reply.igCommentId })
    .where(
      and(
        eq(instagramMentions.workspaceId, scope.workspaceId),
        eq(instagramMentions.accountId, scope.accountId),
        eq(instagramMentions.id, id),
        isNull(instagramMentions.repliedAt),
      ),
    )
    .returning({ id: instagramMentions.id });
  return rows.length > 0;
}

/**
 * The bell: caption and comment mentions made in the 24 hours up to `now`. Tags are read on a
 * schedule, not told as they happen, so they stay in the list and out of the bell.
 */
export async function countRecentMentions(
  db: Db,
  params: { workspaceId: string; accountId?: string | undefined; now: Date },
): Promise<NotificationCount | null> {
  const since = new Date(params.now.getTime() - NOTIFICATION_WINDOW_MS);
  const [row] = await db
    .select({ count: count(), latest: max(instagramMentions.mentionedAt) })
    .from(instagramMentions)
    .where(
      and(
        eq(instagramMentions.workspaceId, params.workspaceId),
        params.accountId === undefined
          ? undefined
          : eq(instagramMentions.accountId, params.accountId),
        ne(instagramMentions.kind, "tag"),
        gt(instagramMentions.mentionedAt, since),
        lte(instagramMentions.mentionedAt, params.now),
      ),
    );
  return row?.latest && row.count > 0 ? { count: row.count, latest: new Date(row.latest) } : null;
}

/**
 * Stores mentions taken from a webhook payload itself (a comment mention inside a `comments`
 * change, Instagram Login): a known one is left as it is, so a replay never blanks what a
 * read-back stored. Returns the keys that were new.
 */
export async function insertMentionsIfAbsent(
  db: Db,
  scope: MentionScope,
  rows: readonly InstagramMentionInsert[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insert(instagramMentions)
    .values(rows.map((row) => ({ ...row, ...scope })))
    .onConflictDoNothing({
      target: [
        instagramMentions.workspaceId,
        instagramMentions.accountId,
        instagramMentions.mentionKey,
      ],
    })
    .returning({ key: instagramMentions.mentionKey });
  return new Set(inserted.map((row) => row.key));
}
