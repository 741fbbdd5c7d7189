import { and, asc, count, desc, eq, getTableColumns, gt, gte, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  instagramConnections,
  instagramHashtags,
  instagramMediaItems,
  instagramPosts,
  instagramUserTags,
  type PublishProgress,
  publishAttempts,
  scheduledPosts,
} from "../schema/index.ts";
import type { InstagramConnectionRow } from "./instagram-connections.ts";
import type { ScheduledPostRow } from "./scheduled-posts.ts";

/**
 * The scheduler's claim and journal (issue 13 point 5). `attempt_count` is the fencing token: a
 * claim increments it, and every later write names the attempt it belongs to, so a worker whose
 * lease passed to another can no longer write anything.
 */

/** Posts that should be running now: due and waiting, or publishing with a lapsed lease. */
export async function listPostsToRun(db: Db, now: Date, limit: number) {
  return db
    .select({ id: scheduledPosts.id })
    .from(scheduledPosts)
    .where(
      or(
        and(eq(scheduledPosts.status, "scheduled"), lte(scheduledPosts.scheduledTime, now)),
        and(eq(scheduledPosts.status, "publishing"), lt(scheduledPosts.leaseUntil, now)),
      ),
    )
    .orderBy(asc(scheduledPosts.scheduledTime))
    .limit(limit);
}

/** A claimed post with its workspace's Instagram connections, as they were at the claim. */
export type ClaimedPost = ScheduledPostRow & { connections: InstagramConnectionRow[] };

/** Decision 037: a post waiting for approval is neither published nor prepared, even if its job fires. */
const notWaitingForApproval = sql`not exists (select 1 from post_approvals pa where pa.post_id = ${scheduledPosts.id} and pa.state in ('in_review', 'changes_requested'))`;

/** A claim's RETURNING: the post and its workspace's connections (oldest first, as listed). */
const postWithConnections = {
  ...getTableColumns(scheduledPosts),
  connections: sql<
    Record<string, unknown>[]
  >`(select coalesce(json_agg(ic order by ic.connected_at, ic.id), '[]'::json) from instagram_connections ic where ic.workspace_id = scheduled_posts.workspace_id)`,
};

function claimedPost(
  row: typeof scheduledPosts.$inferSelect & { connections: Record<string, unknown>[] },
): ClaimedPost {
  return { ...row, connections: row.connections.map(connectionFromJson) };
}

/**
 * Takes one post for publishing if nobody holds it: a due `scheduled` post, or a `publishing`
 * one whose lease ran out (its worker died). One statement, so two workers never both win.
 * The statement also answers the workspace's connections (oldest first, as
 * `listInstagramConnections` orders them): the publish check needs the post's account and the
 * plan's pauses, and reading them here spares the job a round trip (issue 26 point 5).
 */
export async function claimPost(
  db: Db,
  id: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimedPost | undefined> {
  const [row] = await db
    .update(scheduledPosts)
    .set({
      status: "publishing",
      leaseUntil: new Date(now.getTime() + leaseMs),
      attemptCount: sql`${scheduledPosts.attemptCount} + 1`,
      error: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(scheduledPosts.id, id),
        or(
          and(eq(scheduledPosts.status, "scheduled"), lte(scheduledPosts.scheduledTime, now)),
          and(eq(scheduledPosts.status, "publishing"), lt(scheduledPosts.leaseUntil, now)),
        ),
        notWaitingForApproval,
      ),
    )
    .returning(postWithConnections);
  return row && claimedPost(row);
}

/**
 * Takes a waiting post for preparation (issue 27 point 6: its containers made ahead of the
 * scheduled time, so the publish at that time only publishes): a `scheduled` post due within
 * `leadMs` and not yet due, with an empty journal or a preparation whose hold ran out, not
 * waiting for approval. Leaves the status and `updated_at` as they are: to the user the post is
 * still simply scheduled. The journal holds the preparation's token, which fences its writes.
 */
export async function claimPreparation(
  db: Db,
  id: string,
  params: { now: Date; leadMs: number; holdMs: number; token: string },
): Promise<ClaimedPost | undefined> {
  const { now } = params;
  const preparing = {
    token: params.token,
    until: new Date(now.getTime() + params.holdMs).toISOString(),
  };
  const [row] = await db
    .update(scheduledPosts)
    .set({ progress: { preparing } })
    .where(
      and(
        eq(scheduledPosts.id, id),
        eq(scheduledPosts.status, "scheduled"),
        gt(scheduledPosts.scheduledTime, now),
        lte(scheduledPosts.scheduledTime, new Date(now.getTime() + params.leadMs)),
        or(
          sql`${scheduledPosts.progress} = '{}'::jsonb`,
          sql`(${scheduledPosts.progress} -> 'preparing' ->> 'until')::timestamptz < ${now.toISOString()}::timestamptz`,
        ),
        notWaitingForApproval,
      ),
    )
    .returning(postWithConnections);
  return row && claimedPost(row);
}

/**
 * Writes a preparation's journal while the post is still waiting and still this preparation's
 * (its token in the journal: an edit, which resets the journal, or a claim ends that). False
 * otherwise: the preparation stops and leaves the post alone.
 */
export async function savePreparation(
  db: Db,
  id: string,
  token: string,
  progress: PublishProgress,
): Promise<boolean> {
  const rows = await db
    .update(scheduledPosts)
    .set({ progress })
    .where(
      and(
        eq(scheduledPosts.id, id),
        eq(scheduledPosts.status, "scheduled"),
        sql`${scheduledPosts.progress} -> 'preparing' ->> 'token' = ${token}`,
      ),
    )
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

/** A connection row as `json_agg` spells it (column names, timestamps as text), typed as a select. */
function connectionFromJson(json: Record<string, unknown>): InstagramConnectionRow {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(instagramConnections))) {
    const value = json[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InstagramConnectionRow;
}

/**
 * How many of an account's posts this workspace published at or after `since` (the publish
 * job's estimate of the 24-hour limit since Instagram last counted them).
 */
export async function countPublishedSince(
  db: Db,
  workspaceId: string,
  accountId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.workspaceId, workspaceId),
        eq(scheduledPosts.accountId, accountId),
        eq(scheduledPosts.status, "published"),
        gte(scheduledPosts.publishedAt, since),
      ),
    );
  return row?.total ?? 0;
}

function held(id: string, attempt: number) {
  return and(
    eq(scheduledPosts.id, id),
    eq(scheduledPosts.status, "publishing"),
    eq(scheduledPosts.attemptCount, attempt),
  );
}

/** Writes the journal and renews the lease; false when this attempt no longer holds the post. */
export async function saveProgress(
  db: Db,
  id: string,
  attempt: number,
  progress: PublishProgress,
  leaseUntil: Date,
): Promise<boolean> {
  const rows = await db
    .update(scheduledPosts)
    .set({ progress, leaseUntil, updatedAt: new Date() })
    .where(held(id, attempt))
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

/**
 * Moves the lease on while the attempt's worker runs (it renews every few seconds, whatever step
 * it is in); writes nothing else. False when this attempt no longer holds the post.
 */
export async function renewLease(
  db: Db,
  id: string,
  attempt: number,
  leaseUntil: Date,
): Promise<boolean> {
  const rows = await db
    .update(scheduledPosts)
    .set({ leaseUntil })
    .where(held(id, attempt))
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

/**
 * One line of an attempt's journal, written only while that attempt is still the post's latest
 * (fenced like every other write): a worker whose post was claimed again writes nothing more.
 * Answers false when the line was not written for that reason.
 */
export async function recordAttemptStep(
  db: Db,
  row: {
    postId: string;
    workspaceId: string;
    attempt: number;
    step: string;
    outcome: "started" | "done" | "retrying" | "failed";
    message?: string | null;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(publishAttempts)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as("id"),
          postId: scheduledPosts.id,
          workspaceId: scheduledPosts.workspaceId,
          attempt: sql`${row.attempt}::int`.as("attempt"),
          at: sql`${row.at.toISOString()}::timestamptz`.as("at"),
          step: sql`${row.step}`.as("step"),
          outcome: sql`${row.outcome}`.as("outcome"),
          message: sql`${row.message ?? null}::text`.as("message"),
        })
        .from(scheduledPosts)
        .where(
          and(
            eq(scheduledPosts.id, row.postId),
            eq(scheduledPosts.workspaceId, row.workspaceId),
            eq(scheduledPosts.attemptCount, row.attempt),
          ),
        ),
    )
    .returning({ id: publishAttempts.id });
  return inserted.length > 0;
}

export async function listAttemptSteps(db: Db, workspaceId: string, postId: string) {
  return db
    .select()
    .from(publishAttempts)
    .where(and(eq(publishAttempts.workspaceId, workspaceId), eq(publishAttempts.postId, postId)))
    .orderBy(asc(publishAttempts.at), asc(publishAttempts.attempt));
}

/** The post failed for good on this attempt; false when the attempt had lost the post. */
export async function markPostFailed(
  db: Db,
  id: string,
  attempt: number,
  error: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(scheduledPosts)
    .set({ status: "failed", error, leaseUntil: null, updatedAt: now })
    .where(held(id, attempt))
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

/** Gives the post back (e.g. the publishing limit is reached): it runs again at `at`. */
export async function deferPost(db: Db, id: string, attempt: number, at: Date, reason: string) {
  const rows = await db
    .update(scheduledPosts)
    .set({ status: "scheduled", scheduledTime: at, error: reason, leaseUntil: null })
    .where(held(id, attempt))
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

export type PublishedRecord = {
  igMediaId: string | null;
  permalink: string | null;
  publishedAt: Date;
  postType: NonNullable<ScheduledPostRow["postType"]>;
  accountId: string;
  caption: string;
  hashtags: string[];
  collaborators: string[];
  items: Array<{
    type: "IMAGE" | "VIDEO";
    originalUrl: string;
    containerId: string | null;
    aspectRatio: number | null;
    durationMs: number | null;
    tags: Array<{ username: string; x: number; y: number }>;
  }>;
};

/**
 * It went live: the post is marked published and the spec's instagram_posts,
 * instagram_media_items, instagram_hashtags and instagram_user_tags rows are written, in one
 * transaction. Answers false (writing nothing) when this attempt no longer holds the post.
 */
export async function markPostPublished(
  db: Db,
  post: { id: string; workspaceId: string; attempt: number },
  record: PublishedRecord,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(scheduledPosts)
      .set({
        status: "published",
        igMediaId: record.igMediaId,
        permalink: record.permalink,
        publishedAt: record.publishedAt,
        error: null,
        leaseUntil: null,
        updatedAt: record.publishedAt,
      })
      .where(held(post.id, post.attempt))
      .returning({ id: scheduledPosts.id });
    if (rows.length === 0) return false;
    if (record.igMediaId === null) return true;
    const [inserted] = await tx
      .insert(instagramPosts)
      .values({
        workspaceId: post.workspaceId,
        accountId: record.accountId,
        igMediaId: record.igMediaId,
        caption: record.caption,
        status: "published",
        publishedAt: record.publishedAt,
        collaborators: record.collaborators.length > 0 ? record.collaborators : null,
        postType: record.postType,
        permalink: record.permalink,
        scheduledPostId: post.id,
      })
      .onConflictDoNothing()
      .returning({ id: instagramPosts.id });
    if (!inserted) return true;
    if (record.hashtags.length > 0) {
      await tx
        .insert(instagramHashtags)
        .values([...new Set(record.hashtags)].map((tag) => ({ postId: inserted.id, tag })));
    }
    for (const [orderIndex, item] of record.items.entries()) {
      const [mediaItem] = await tx
        .insert(instagramMediaItems)
        .values({
          postId: inserted.id,
          type: item.type,
          source: "upload",
          originalUrl: item.originalUrl,
          orderIndex,
          igContainerId: item.containerId,
          aspectRatio: item.aspectRatio,
          durationMs: item.durationMs,
        })
        .returning({ id: instagramMediaItems.id });
      const unique = new Map(item.tags.map((tag) => [tag.username, tag]));
      if (unique.size > 0) {
        await tx.insert(instagramUserTags).values(
          [...unique.values()].map((tag) => ({
            mediaItemId: mediaItem!.id,
            username: tag.username,
            xPercent: tag.x,
            yPercent: tag.y,
          })),
        );
      }
    }
    return true;
  });
}

export async function findScheduledPost(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.workspaceId, workspaceId), eq(scheduledPosts.id, id)));
  return row;
}

export async function findScheduledPostById(db: Db, id: string) {
  const [row] = await db.select().from(scheduledPosts).where(eq(scheduledPosts.id, id));
  return row;
}

export async function findScheduledPostByClientId(db: Db, workspaceId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.workspaceId, workspaceId), eq(scheduledPosts.clientId, clientId)));
  return row;
}

/**
 * A failed post goes back in line to run now; answers the row, or undefined if not failed.
 * Containers of the failed attempt may have expired or errored, so it starts afresh, except
 * when a publish was asked for: Instagram may have published it and the answer been lost, so
 * that journal stays and the next attempt settles it from the container before anything else
 * (it never publishes a second time).
 */
export async function retryFailedPost(db: Db, workspaceId: string, id: string, now: Date) {
  const [row] = await db
    .update(scheduledPosts)
    .set({
      status: "scheduled",
      scheduledTime: now,
      error: null,
      progress: sql`case when ${scheduledPosts.progress} ? 'publishRequestedAt'
        then ${scheduledPosts.progress} else '{}'::jsonb end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(scheduledPosts.workspaceId, workspaceId),
        eq(scheduledPosts.id, id),
        eq(scheduledPosts.status, "failed"),
      ),
    )
    .returning();
  return row;
}

/** The posts Sightline published for a user, newest first (spec §3 instagram_posts). */
export async function listInstagramPosts(db: Db, workspaceId: string, limit = 50) {
  return db
    .select()
    .from(instagramPosts)
    .where(eq(instagramPosts.workspaceId, workspaceId))
    .orderBy(desc(instagramPosts.publishedAt))
    .limit(limit);
}

/** Posts published through Sightline to one account of the workspace (a disconnect that asked). */
export async function deleteInstagramPostsOfUser(
  db: Db,
  key: { workspaceId: string; instagramId: string },
) {
  const rows = await db
    .delete(instagramPosts)
    .where(
      and(
        eq(instagramPosts.workspaceId, key.workspaceId),
        eq(instagramPosts.accountId, key.instagramId),
      ),
    )
    .returning({ id: instagramPosts.id });
  return rows.length;
}

/** Media items of a published post, with their user tags (for the content scheduler's panel). */
export async function listPublishedItems(db: Db, postId: string) {
  const items = await db
    .select()
    .from(instagramMediaItems)
    .where(eq(instagramMediaItems.postId, postId))
    .orderBy(asc(instagramMediaItems.orderIndex));
  const tags = items.length
    ? await db
        .select()
        .from(instagramUserTags)
        .where(or(...items.map((item) => eq(instagramUserTags.mediaItemId, item.id)))!)
    : [];
  return items.map((item) => ({
    ...item,
    tags: tags.filter((tag) => tag.mediaItemId === item.id),
  }));
}
