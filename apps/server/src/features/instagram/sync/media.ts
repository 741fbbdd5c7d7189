import { type Db, type MediaUpsert, upsertMedia } from "@sightline/db";
import type { AccountClient, InstagramMedia } from "@sightline/instagram-graph";
import { dateOf } from "../../../platform/clock.ts";
import type { SyncRun } from "./run.ts";

/**
 * Fields read for the media list. The one CDN URL kept is the post's picture (`thumbnail_url`,
 * else `media_url`), so the inbox's comment thread reads it from the database (it expires: the
 * thread asks Instagram again once its `oe` has passed).
 */
const syncedMediaFields =
  "id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,shortcode,timestamp,like_count,comments_count,is_comment_enabled,children{id,media_type,timestamp}";

function toRows(run: Pick<SyncRun, "scope" | "now">, media: InstagramMedia): MediaUpsert[] {
  const syncedAt = dateOf(run.now);
  const parent: MediaUpsert = {
    ...run.scope,
    igMediaId: media.id,
    parentIgMediaId: null,
    childIndex: null,
    mediaType: media.media_type ?? "IMAGE",
    mediaProductType: media.media_product_type ?? null,
    caption: media.caption ?? null,
    permalink: media.permalink ?? null,
    shortcode: media.shortcode ?? null,
    postedAt: media.timestamp ? new Date(media.timestamp) : null,
    likeCount: media.like_count ?? null,
    commentsCount: media.comments_count ?? null,
    isCommentEnabled: media.is_comment_enabled ?? null,
    thumbnailUrl: media.thumbnail_url ?? media.media_url ?? null,
    syncedAt,
  };
  const children = (media.children?.data ?? []).map(
    (child, index): MediaUpsert => ({
      ...run.scope,
      igMediaId: child.id,
      parentIgMediaId: media.id,
      childIndex: index,
      mediaType: child.media_type ?? "IMAGE",
      mediaProductType: null,
      caption: null,
      permalink: null,
      shortcode: null,
      postedAt: child.timestamp ? new Date(child.timestamp) : (parent.postedAt ?? null),
      likeCount: null,
      commentsCount: null,
      isCommentEnabled: null,
      syncedAt,
    }),
  );
  return [parent, ...children];
}

/**
 * Media, newest first, page by page. The cursor is stored after each page, so a run that dies
 * resumes at the page it was on. A complete pass records the newest post time it started from;
 * the next run stops at the first page reaching back to it (that page is still written, which
 * refreshes the counts of the newest posts).
 */
export async function syncMedia(run: SyncRun) {
  const state = await run.state("media");
  let cursor = state?.cursor ?? undefined;
  const highWater = state?.highWater ? new Date(state.highWater) : undefined;
  let pendingHighWater = state?.pendingHighWater ?? null;
  for (let page = 0; page < 500; page++) {
    run.guard();
    const result = await run.client.listMedia({
      limit: 50,
      fields: syncedMediaFields,
      ...(cursor ? { after: cursor } : {}),
    });
    await upsertMedia(
      run.ctx.db,
      result.data.flatMap((media) => toRows(run, media)),
    );
    if (pendingHighWater === null) {
      pendingHighWater = result.data[0]?.timestamp ?? null;
    }
    const reachedKnown =
      highWater !== undefined &&
      result.data.some((media) => media.timestamp && new Date(media.timestamp) <= highWater);
    if (result.nextCursor === undefined || reachedKnown) {
      await run.saveState("media", {
        cursor: null,
        highWater: pendingHighWater ?? state?.highWater ?? null,
        pendingHighWater: null,
      });
      return;
    }
    cursor = result.nextCursor;
    await run.saveState("media", { cursor, pendingHighWater });
  }
}

/**
 * One post, read by id and stored as the sync would store it (a post just published from
 * Sightline shows up at once, without waiting for the next sync). Returns the stored row.
 */
export async function storeOneMedia(
  run: Pick<SyncRun, "scope" | "now"> & { db: Db; client: AccountClient },
  igMediaId: string,
) {
  const media = await run.client.getMedia(igMediaId, syncedMediaFields);
  const rows = toRows(run, media);
  await upsertMedia(run.db, rows);
  return rows[0]!;
}
