import {
  cropToAllowedAspect,
  MAX_FILE_BYTES,
  MAX_IMAGE_BYTES,
  MAX_MEDIA_ITEMS,
  type SniffedMedia,
} from "@sightline/contracts";

export type MediaKind = "image" | "video";

/** Spec §5: only image/* and video files are accepted; anything else is skipped. */
export function mediaKindOf(file: { type: string; name: string }): MediaKind | undefined {
  if (file.type.startsWith("image/")) return "image";
  if (file.type.startsWith("video/")) return "video";
  // Some systems give HEIC and MOV files no type; judge those by the extension.
  if (!file.type) {
    if (/\.(heic|heif)$/i.test(file.name)) return "image";
    if (/\.(mov|mp4|m4v)$/i.test(file.name)) return "video";
  }
  return undefined;
}

/**
 * Spec §5: images that are not JPEG or HEIC are converted to JPEG for Instagram. Judged by the
 * type the bytes show (sniffMedia), so a PNG named .jpg is converted too.
 */
export function needsJpegConversion(contentType: string): boolean {
  return contentType !== "image/jpeg" && contentType !== "image/heic";
}

/** Spec §5: quality of the JPEG conversion. */
export const JPEG_CONVERSION_QUALITY = 0.92;

/** Megabytes with one decimal, as the spec's messages show them. */
export function formatMegabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** Spec §5, word for word. */
export function videoTooLargeMessage(name: string, bytes: number): string {
  return `Video file "${name}" is too large (${formatMegabytes(bytes)}MB). Maximum size for scheduling is 50MB. Please compress or use a smaller video.`;
}

export function convertingMessage(name: string): string {
  return `Converting ${name} to JPEG for Instagram...`;
}

export const CONVERSION_FAILED = "Failed to convert image format, using original";

/** Spec §5 at scheduling, word for word. */
export function scheduleFileTooLargeMessage(bytes: number): string {
  return `File too large (${formatMegabytes(bytes)}MB). Maximum allowed size is 50MB. Please compress your video or use a smaller file.`;
}

/** Said when Publish or Schedule find no media in the draft (nor any on its way). */
export const ADD_MEDIA_FIRST = "Add at least one media item";

/** Issue 24: said when a paste (or anything else) runs the caption past 2,200 characters. */
export const CAPTION_CUT =
  "Captions hold up to 2,200 characters: the first 2,200 were kept and the rest left out.";

/** Issue 24: a photo over the 50MB every file is held to (the video words are the spec's). */
export function photoTooLargeMessage(name: string, bytes: number): string {
  return `Photo "${name}" is too large (${formatMegabytes(bytes)}MB). Maximum size is 50MB. Please use a smaller photo.`;
}

/** What the browser learnt about a chosen file from its bytes (utils/media-files.ts). */
export interface FileFacts {
  /** The real type, from the first bytes; undefined when it is no image or video Instagram takes. */
  sniffed: SniffedMedia | undefined;
  /** The whole picture decoded, or the video's metadata read. */
  isReadable: boolean;
  width?: number | undefined;
  height?: number | undefined;
  /** Seconds (videos). */
  duration?: number | undefined;
}

export type MediaVerdict =
  | { action: "refuse"; message: string }
  | {
      action: "crop";
      message: string;
      crop: NonNullable<ReturnType<typeof cropToAllowedAspect>>;
    }
  | {
      action: "accept";
      kind: MediaKind;
      /** Re-encode as JPEG (spec §5: not JPEG or HEIC). */
      isConversionNeeded: boolean;
      aspectRatio: number | undefined;
      duration: number | undefined;
    };

/**
 * Issue 24: a chosen file judged at once, by what it really is: no image or video by its bytes,
 * a picture that does not decode, a video whose metadata cannot be read are refused naming the
 * file and the reason; a photo outside 4:5–1.91:1 is offered a crop. (HEIC may not decode in
 * this browser: the server converts it and reads it then.)
 */
export function judgeMediaFile(name: string, facts: FileFacts): MediaVerdict {
  const { sniffed } = facts;
  if (!sniffed) {
    return {
      action: "refuse",
      message: `Could not add "${name}": it is not a photo or video Instagram takes (JPEG, PNG, WebP, GIF, HEIC, MP4 or MOV).`,
    };
  }
  if (sniffed.kind === "video") {
    if (!facts.isReadable) {
      return {
        action: "refuse",
        message: `Could not add "${name}": the video cannot be read. It may be damaged, or in a format this browser cannot play.`,
      };
    }
    const aspectRatio = facts.width && facts.height ? facts.width / facts.height : undefined;
    return {
      action: "accept",
      kind: "video",
      isConversionNeeded: false,
      aspectRatio,
      duration: facts.duration,
    };
  }
  const isHeic = sniffed.contentType === "image/heic";
  if (!facts.isReadable || !facts.width || !facts.height) {
    if (isHeic) {
      return {
        action: "accept",
        kind: "image",
        isConversionNeeded: false,
        aspectRatio: undefined,
        duration: undefined,
      };
    }
    return {
      action: "refuse",
      message: `Could not add "${name}": the image cannot be read. It may be damaged; export it again and retry.`,
    };
  }
  const crop = cropToAllowedAspect(facts.width, facts.height);
  if (crop) {
    const shape = crop.label === "4:5" ? "too tall" : "too wide";
    return {
      action: "crop",
      message: `"${name}" is ${facts.width}×${facts.height}, ${shape} for Instagram, which takes photos from 4:5 (portrait) to 1.91:1 (landscape).`,
      crop,
    };
  }
  return {
    action: "accept",
    kind: "image",
    isConversionNeeded: needsJpegConversion(sniffed.contentType),
    aspectRatio: facts.width / facts.height,
    duration: undefined,
  };
}

/** Reference §2.2: Instagram fetches photos of at most 8MB; a larger one is scaled down first. */
export function isOverInstagramImageSize(bytes: number): boolean {
  return bytes > MAX_IMAGE_BYTES;
}

/**
 * Which of the dropped or picked files are read further (spec §5): media only, files up to 50MB,
 * and no more than fit under 10 items; the rest are dropped, each with its reason.
 */
export function selectMediaFiles<F extends { type: string; name: string; size: number }>(
  existingCount: number,
  files: readonly F[],
): {
  accepted: { file: F; kind: MediaKind }[];
  skipped: F[];
  tooLarge: { file: F; message: string }[];
  overLimit: F[];
} {
  const accepted: { file: F; kind: MediaKind }[] = [];
  const skipped: F[] = [];
  const tooLarge: { file: F; message: string }[] = [];
  const overLimit: F[] = [];
  for (const file of files) {
    const kind = mediaKindOf(file);
    if (!kind) {
      skipped.push(file);
      continue;
    }
    // Before any decoding: a 157MB photo is refused with words about photos, not videos.
    if (file.size > MAX_FILE_BYTES) {
      tooLarge.push({
        file,
        message:
          kind === "video"
            ? videoTooLargeMessage(file.name, file.size)
            : photoTooLargeMessage(file.name, file.size),
      });
      continue;
    }
    if (existingCount + accepted.length >= MAX_MEDIA_ITEMS) {
      overLimit.push(file);
      continue;
    }
    accepted.push({ file, kind });
  }
  return { accepted, skipped, tooLarge, overLimit };
}

/** Moves the item at `from` to `to` (reorder by drag or keyboard). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length) return [...items];
  const target = Math.min(Math.max(to, 0), items.length - 1);
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}
