import { type InstagramConnectionRow, saveMediaThumbnail } from "@sightline/db";
import { storedCdnUrlFresh } from "./cdn-image.ts";
import { handleGraphFailure } from "./connection-service.ts";
import { accountClientFor, type InstagramContext } from "./context.ts";

/**
 * A post's picture, to be read through the media proxy or `fetchCdnImage` (issue 26 point 5):
 * the URL the sync stored while it is good (its `oe` more than an hour ahead), so a comment
 * thread or a report is served from the database alone. A post not synced yet, or whose URL has
 * expired, is asked of Instagram, and the fresh URL is kept for the next read. Null when the
 * account's connection is not active or Instagram gave none.
 */
export async function mediaThumbnailUrl(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
  scope: { workspaceId: string; accountId: string },
  mediaId: string,
  stored: { thumbnailUrl: string | null } | null | undefined,
): Promise<string | null> {
  if (connection.status !== "active") return null;
  if (stored?.thumbnailUrl && storedCdnUrlFresh(stored.thumbnailUrl, ctx.now())) {
    return stored.thumbnailUrl;
  }
  try {
    const media = await accountClientFor(ctx, connection).getMedia(
      mediaId,
      "id,media_type,media_url,thumbnail_url",
    );
    const url = media.thumbnail_url ?? media.media_url ?? null;
    if (url && stored) await saveMediaThumbnail(ctx.db, scope, mediaId, url);
    return url;
  } catch (error) {
    await handleGraphFailure(ctx, connection, error);
    return null;
  }
}
