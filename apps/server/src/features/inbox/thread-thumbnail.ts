import { type InstagramConnectionRow, saveMediaThumbnail } from "@sightline/db";
import { accountClientFor, handleGraphFailure, storedCdnUrlFresh } from "../instagram/index.ts";
import type { InboxDeps, InboxScope } from "./inbox-scope.ts";

/**
 * The picture of a comment thread's post, shown through the media proxy (issue 26 point 5): the
 * URL the sync stored while it is good (its `oe` more than an hour ahead), so an open thread is
 * read from the database alone. A post not synced yet, or whose URL has expired, is asked of
 * Instagram as before, and the fresh URL is kept for the next read. Null when the account's
 * connection is not active (as before) or Instagram gave none.
 */
export async function threadThumbnail(
  deps: Pick<InboxDeps, "db" | "instagram" | "now">,
  connection: InstagramConnectionRow,
  scope: InboxScope,
  mediaId: string,
  stored: { thumbnailUrl: string | null } | null,
): Promise<string | null> {
  if (connection.status !== "active") return null;
  if (stored?.thumbnailUrl && storedCdnUrlFresh(stored.thumbnailUrl, deps.now())) {
    return stored.thumbnailUrl;
  }
  try {
    const media = await accountClientFor(deps.instagram, connection).getMedia(
      mediaId,
      "id,media_type,media_url,thumbnail_url",
    );
    const url = media.thumbnail_url ?? media.media_url ?? null;
    if (url && stored) await saveMediaThumbnail(deps.db, scope, mediaId, url);
    return url;
  } catch (error) {
    await handleGraphFailure(deps.instagram, connection, error);
    return null;
  }
}
