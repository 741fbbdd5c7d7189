import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instagramMedia, scheduledPosts } from "../schema/index.ts";

/*
 * The content scheduler's reads and its one write (issue 14). Every query has the user in its
 * where clause; media also the connection's account, so an earlier account's posts never mix in.
 */

export type CalendarScope = { userId: string; accountId: string };

/** The user's posts made here whose time falls in [from, to). */
export async function listScheduledPostsInRange(
  db: Db,
  userId: string,
  range: { from: Date; to: Date; limit: number },
) {
  return db
    .select()
    .from(scheduledPosts)
    .where(
      and(
        eq(scheduledPosts.userId, userId),
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
        eq(instagramMedia.userId, scope.userId),
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
        eq(instagramMedia.userId, scope.userId),
        eq(instagramMedia.accountId, scope.accountId),
        eq(instagramMedia.igMediaId, igMediaId),
      ),
    )
    .limit(1);
  return row;
}

/** One of the user's posts made here, or undefined. */
export async function findScheduledPost(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.userId, userId), eq(scheduledPosts.id, id)))
    .limit(1);
  return row;
}

/**
 * Moves a post that has not started publishing. The status condition is in the same UPDATE as
 * the change, so against the worker's claim (scheduled → publishing) exactly one of the two wins.
 * Undefined when nothing was moved (no such post of this user, or it has started publishing).
 */
export async function rescheduleWaitingPost(
  db: Db,
  params: { userId: string; id: string; scheduledTime: Date; timeZone: string; now: Date },
) {
  const [row] = await db
    .update(scheduledPosts)
    .set({ scheduledTime: params.scheduledTime, timeZone: params.timeZone, updatedAt: params.now })
    .where(
      and(
        eq(scheduledPosts.userId, params.userId),
        eq(scheduledPosts.id, params.id),
        sql`${scheduledPosts.status} in ('scheduled', 'draft')`,
      ),
    )
    .returning();
  return row;
}
