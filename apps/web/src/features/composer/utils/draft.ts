import { captionLength, MAX_CAPTION_LENGTH, type ScheduleRequest } from "@sightline/contracts";
import type { Collaborator } from "./collaborators.ts";
import type { DraftTag } from "./tags.ts";

/** Spec §3: a draft media item, plus where it went once uploaded. */
export interface DraftMediaItem {
  id: string;
  /** Object URL of the file, for the preview (revoked on removal and on close). */
  url: string;
  file: File;
  mediaType: "image" | "video";
  /** Seconds (videos). */
  duration?: number | undefined;
  /** Width ÷ height. */
  aspectRatio?: number | undefined;
  /** Object URL of the chosen cover frame (videos). */
  coverUrl?: string | undefined;
  /** The cover in storage (bucket instagram_media). */
  cover?: { key: string } | undefined;
  /** The captured cover's bytes: also sent as the scheduled post's thumbnail. */
  coverBlob?: Blob | undefined;
  /** Where the cover frame was taken, in seconds. */
  coverTime?: number | undefined;
  tags: DraftTag[];
  uploaded?: { bucket: "instagram-media" | "scheduled-content"; key: string; url: string };
}

export interface DraftContent {
  items: readonly DraftMediaItem[];
  caption: string;
  hashtags: readonly string[];
  collaborators: readonly Collaborator[];
}

/** Images go to instagram-media, videos to scheduled-content (spec §7 storage). */
export function bucketFor(mediaType: "image" | "video") {
  return mediaType === "video" ? ("scheduled-content" as const) : ("instagram-media" as const);
}

/** The draft as the scheduling and publish-now API take it (every item must be uploaded). */
export function draftRequest(
  draft: DraftContent,
): Omit<ScheduleRequest, "scheduled_time" | "time_zone"> {
  return {
    items: draft.items.map((item) => {
      if (!item.uploaded) throw new Error("Missing media file");
      return {
        bucket: item.uploaded.bucket,
        key: item.uploaded.key,
        mediaType: item.mediaType,
        ...(item.aspectRatio !== undefined
          ? { aspectRatio: Math.min(10, Math.round(item.aspectRatio * 10_000) / 10_000) }
          : {}),
        ...(item.duration !== undefined
          ? { durationMs: Math.min(15 * 60_000, Math.round(item.duration * 1000)) }
          : {}),
        ...(item.cover
          ? { cover: { bucket: "instagram_media" as const, key: item.cover.key } }
          : {}),
        ...(item.tags.length > 0
          ? { tags: item.tags.map(({ username, x, y }) => ({ username, x, y })) }
          : {}),
      };
    }),
    caption: draft.caption,
    hashtags: [...draft.hashtags],
    collaborators: draft.collaborators.map((c) => c.username),
  };
}

/** A caption cut to Instagram's 2,200 characters (counted as the spec counts them). */
export function truncateCaption(text: string): string {
  return captionLength(text) > MAX_CAPTION_LENGTH
    ? Array.from(text).slice(0, MAX_CAPTION_LENGTH).join("")
    : text;
}
