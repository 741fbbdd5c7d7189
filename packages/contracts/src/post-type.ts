/**
 * Spec §4 and §9: what kind of Instagram post a draft becomes. One rule for the composer's
 * preview and one for publishing, shared by the web app and the server so they never disagree.
 */

export type PostType = "IMAGE" | "CAROUSEL" | "REEL" | "VIDEO";

/** The part of a draft media item (spec §3) the rules read. */
export interface PostTypeItem {
  mediaType: "image" | "video";
  /** width ÷ height; unknown counts as not portrait. */
  aspectRatio?: number | undefined;
  /** Duration in milliseconds (videos). Unknown counts as too long for a reel. */
  durationMs?: number | undefined;
}

/** Spec §9: "Reel when classifying preview: aspect below 0.7, duration up to 90 s". */
export const PREVIEW_REEL_MAX_ASPECT = 0.7;
/** Spec §9: "Reel when publishing: aspect below 1 and duration up to 90 s". */
export const PUBLISH_REEL_MAX_ASPECT = 1;
export const REEL_MAX_DURATION_MS = 90_000;
/** Spec §9. */
export const MAX_MEDIA_ITEMS = 10;
export const MAX_COLLABORATORS = 3;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const VIDEO_CHUNK_BYTES = 6 * 1024 * 1024;

function isShortPortraitVideo(item: PostTypeItem, maxAspect: number): boolean {
  return (
    item.mediaType === "video" &&
    item.aspectRatio !== undefined &&
    item.aspectRatio < maxAspect &&
    item.durationMs !== undefined &&
    item.durationMs <= REEL_MAX_DURATION_MS
  );
}

/**
 * Spec §4: no media or one image gives IMAGE; more than one item gives CAROUSEL; a single video
 * with aspect ratio below 0.7 and duration up to 90 s gives REEL; otherwise VIDEO.
 */
export function classifyPostType(items: readonly PostTypeItem[]): PostType {
  if (items.length > 1) return "CAROUSEL";
  const only = items[0];
  if (!only || only.mediaType === "image") return "IMAGE";
  return isShortPortraitVideo(only, PREVIEW_REEL_MAX_ASPECT) ? "REEL" : "VIDEO";
}

/**
 * Spec §9 at publish time: a single video goes out as REELS when its aspect is below 1 and it
 * lasts up to 90 s, otherwise as VIDEO (spec §7 publish-post media_type REEL or VIDEO).
 */
export function publishVideoKind(item: PostTypeItem): "REEL" | "VIDEO" {
  return isShortPortraitVideo(item, PUBLISH_REEL_MAX_ASPECT) ? "REEL" : "VIDEO";
}

/** The label users read (issue 14: Image, Carousel, Reel, Video). */
export const postTypeLabels: Record<PostType, string> = {
  IMAGE: "Image",
  CAROUSEL: "Carousel",
  REEL: "Reel",
  VIDEO: "Video",
};
