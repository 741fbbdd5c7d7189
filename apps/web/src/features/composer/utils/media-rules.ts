import { MAX_FILE_BYTES, MAX_MEDIA_ITEMS } from "@sightline/contracts";

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

/** Spec §5: images that are not JPEG or HEIC are converted to JPEG for Instagram. */
export function needsJpegConversion(file: { type: string; name: string }): boolean {
  const type = file.type.toLowerCase();
  if (type === "image/jpeg" || type === "image/jpg" || type === "image/pjpeg") return false;
  if (type === "image/heic" || type === "image/heif") return false;
  if (!type && /\.(heic|heif|jpe?g)$/i.test(file.name)) return false;
  return true;
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

/**
 * Which of the dropped or picked files join the draft (spec §5): media only, videos up to 50MB,
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
    if (kind === "video" && file.size > MAX_FILE_BYTES) {
      tooLarge.push({ file, message: videoTooLargeMessage(file.name, file.size) });
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
