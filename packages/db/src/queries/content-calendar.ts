import { and, asc, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instagramMedia, scheduledPosts } from "../schema/index.ts";

/*
 * The content scheduler's reads and its one write (issue 14). Every query has the user in its
 * where clause; media also the connection's account, so an earlier account's posts never mix in.
 */

export type CalendarScope = { workspaceId: string; accountId: string };

/** The user's posts made here whose time falls in [from, to). */
export async function listScheduledPostsInRange(
  db: Db,
  workspaceId: string,
  range: { from: Date; to: Date; limit: number },
  /** Only the posts for this account (every account's when not given). */
  accountId?: string,
) {
  return db
    .select()
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.workspaceId, workspaceId),
        accountId === undefined ? undefined : eq(scheduledPosts.accountId, accountId),
        gte(scheduledPosts.scheduledTime, range.from),
        lt(scheduledPosts.scheduledTime, range.to),
      ),
    )
    .orderBy(asc(scheduledPosts.scheduledTime), asc(scheduledPosts.id))
    .limit(range.limit);
}

/** The account's synced top-level posts (carousel children left out) posted in [from, to). */
export async function listSyncedMediaInRange(
  db: Db,
  scope: CalendarScope,
  range: { from: Date; to: Date; limit: number },
) {
  return db
    .select({
      igMediaId: instagramMedia.igMediaId,
      mediaType: instagramMedia.mediaType,
      mediaProductType: instagramMedia.mediaProductType,
      caption: instagramMedia.caption,
      permalink: instagramMedia.permalink,
      postedAt: instagramMedia.postedAt,
    })
    .from(instagramMedia)
    .where(
      and(
        eq(instagramMedia.workspaceId, scope.workspaceId),
        eq(instagramMedia.accountId, scope.accountId),
        isNull(instagramMedia.parentIgMediaId),
        gte(instagramMedia.postedAt, range.from),
        lt(instagramMedia.postedAt, range.to),
      ),
    )
    .orderBy(asc(instagramMedia.postedAt), asc(instagramMedia.igMediaId))
    .limit(range.limit);
}

/** One synced top-level post of the account, or undefined. */
export async function findSyncedMedia(db: Db, scope: CalendarScope, igMediaId: string) {
  const [row] = await db
    .select({
      igMediaId: instagramMedia.igMediaId,
      mediaType: instagramMedia.mediaType,
      mediaProductType: instagramMedia.mediaProductType,
      caption: instagramMedia.caption,
      permalink: instagramMedia.permalink,
      postedAt: instagramMedia.postedAt,
    })
    .from(instagramMedia)
    .where(
      and(
        eq(instagramMedia.workspaceId, scope.workspaceId),
        eq(instagramMedia.accountId, scope.accountId),
        eq(instagramMedia.igMediaId, igMediaId),
      ),
    )
    .limit(1);
  return row;
}

type PostStatus = (typeof scheduledPosts.$inferSelect)["status"];

/**
 * One conditional UPDATE of this user's post, only while its status is one of `from`: the status
 * check and the change are one statement, so against the worker's claim exactly one wins.
 * Undefined when nothing changed (no such post of this user, or its status moved on).
 */
async function updateOwnPostWhile(
  db: Db,
  params: { workspaceId: string; id: string },
  from: readonly PostStatus[],
  set: Partial<typeof scheduledPosts.$inferInsert>,
) {
  const [row] = await db
    .update(scheduledPosts)
    .set(set)
    .where(
      and(
        eq(scheduledPosts.workspaceId, params.workspaceId),
        eq(scheduledPosts.id, params.id),
        inArray(scheduledPosts.status, [...from]),
      ),
    )
    .returning();
  return row;
}

/**
 * Moves a post that has not started publishing. The status condition is in the same UPDATE as
 * the change, so against the worker's claim (scheduled → publishing) exactly one of the two wins.
 * Undefined when nothing was moved (no such post of this user, or it has started publishing).
 */
export async function rescheduleWaitingPost(
  db: Db,
  params: { workspaceId: string; id: string; scheduledTime: Date; timeZone: string; now: Date },
) {
  return updateOwnPostWhile(db, params, ["scheduled", "draft"], {
    scheduledTime: params.scheduledTime,
    timeZone: params.timeZone,
    updatedAt: params.now,
  });
}

/**
 * Cancel (issue 14): a scheduled post goes back to draft, which the worker never claims. Only
 * from `scheduled`, in the same UPDATE, so a post the worker already claimed stays publishing.
 */
export async function cancelToDraft(
  db: Db,
  params: { workspaceId: string; id: string; now: Date },
) {
  return updateOwnPostWhile(db, params, ["scheduled"], { status: "draft", updatedAt: params.now });
}

/** Publish now: a draft or scheduled post becomes due at `now` (the worker's claim decides). */
export async function makeDueNow(db: Db, params: { workspaceId: string; id: string; now: Date }) {
  return updateOwnPostWhile(db, params, ["scheduled", "draft"], {
    status: "scheduled",
    scheduledTime: params.now,
    error: null,
    updatedAt: params.now,
  });
}

/** Duplicate: a new draft with the same content and time, nothing of the original's publishing. */
export async function duplicateAsDraft(
  db: Db,
  params: { workspaceId: string; id: string; now: Date },
) {
  const [source] = await db
    .select()
    .from(scheduledPosts)
    .where(
      and(eq(scheduledPosts.workspaceId, params.workspaceId), eq(scheduledPosts.id, params.id)),
    );
  if (!source) return undefined;
  const [copy] = await db
    .insert(scheduledPosts)
    .values({
      workspaceId: source.workspaceId,
      accountId: source.accountId,
      mediaUrl: source.mediaUrl,
      mediaType: source.mediaType,
      caption: source.caption,
      hashtags: source.hashtags,
      scheduledTime: source.scheduledTime,
      status: "draft",
      thumbnailUrl: source.thumbnailUrl,
      timeZone: source.timeZone,
      items: source.items,
      collaborators: source.collaborators,
      postType: source.postType,
      createdAt: params.now,
      updatedAt: params.now,
    })
    .returning();
  return copy;
}

/** Deletes a post that has not gone out or failed (draft, scheduled, failed). */
export async function deleteUnpublishedPost(db: Db, workspaceId: string, id: string) {
  const rows = await db
    .delete(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.workspaceId, workspaceId),
        eq(scheduledPosts.id, id),
        inArray(scheduledPosts.status, ["draft", "scheduled", "failed"]),
      ),
    )
    .returning({ id: scheduledPosts.id });
  return rows.length > 0;
}

/** The parts of a post the composer edits (issue 14: Edit saves into the same post). */
export type EditedPostContent = Pick<
  typeof scheduledPosts.$inferInsert,
  | "mediaUrl"
  | "mediaType"
  | "caption"
  | "hashtags"
  | "scheduledTime"
  | "thumbnailUrl"
  | "timeZone"
  | "items"
  | "collaborators"
  | "postType"
>;

/**
 * Edit: a draft, scheduled or failed post takes the composer's content and time and is scheduled
 * again. The status condition is in the same UPDATE, so against the worker's claim exactly one
 * wins; a failed post starts afresh (its containers may have expired). Undefined when nothing
 * was changed (no such post of this user, or it has started publishing).
 */
export async function updateWaitingPostContent(
  db: Db,
  params: { workspaceId: string; id: string; content: EditedPostContent; now: Date },
) {
  return updateOwnPostWhile(db, params, ["draft", "scheduled", "failed"], {
    ...params.content,
    status: "scheduled",
    error: null,
    progress: {},
    updatedAt: params.now,
  });
}
