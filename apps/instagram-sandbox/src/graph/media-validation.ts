import type { SandboxCore } from "../core/context.ts";
import { graphError } from "../http/graph-fault.ts";
import { isJpeg, parseJpeg } from "../media/jpeg.ts";
import { createMp4Scan, feedMp4Scan, type VideoInfo } from "../media/mp4.ts";
import type { ContainerFailure, ContainerKind } from "../state/dynamic-state.ts";
import { failureFor } from "./container-status.ts";

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** §2.1: Meta downloads the URL itself, so it must be public, plain US-ASCII and reachable. */
function assertFetchableUrl(url: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !["http:", "https:"].includes(parsed.protocol) || /[^\x20-\x7e]/.test(url)) {
    throw graphError(9004, "The media could not be fetched from this uri", {
      subcode: 2207052,
      userTitle: "Media download has failed.",
      userMessage: `The media could not be fetched from this uri: ${url}`,
    });
  }
}

const NOT_MEDIA_MESSAGE = "Only photo or video can be accepted as media type.";

/**
 * §12.6: a URL that answers with a document instead of a picture or video (an HTML sign-in page,
 * a JSON error) — as opposed to a file in a format Instagram refuses, which keeps its own error.
 */
export function isNotMedia(bytes: Uint8Array, contentType: string | undefined): boolean {
  const type = (contentType ?? "").toLowerCase();
  if (/^(text\/|application\/(json|xml|xhtml\+xml|javascript))/.test(type)) return true;
  // Served as anything, but a document: an HTML or XML page, or a JSON body.
  const start = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  return start.startsWith("<") || start.startsWith("{");
}

function notMediaError(url: string) {
  return graphError(9004, NOT_MEDIA_MESSAGE, {
    subcode: 2207052,
    userTitle: "Media download has failed.",
    userMessage: `${NOT_MEDIA_MESSAGE} ${url}`,
  });
}

/** §2.2 — JPEG only, ≤ 8 MB; the frame header gives the size; feed images need 4:5–1.91:1. */
export async function fetchImage(
  core: SandboxCore,
  url: string,
  options: { checkAspect: boolean },
): Promise<{ width: number; height: number; bytes: number }> {
  assertFetchableUrl(url);
  const result = await core.fetchUrl(url, MAX_IMAGE_BYTES);
  // Refused, unreachable, timed out, redirected or an error status: one answer for all, so that
  // the reply never tells what is (or is not) behind an address (decision 015).
  if (!result.ok) {
    throw graphError(9004, "The media could not be fetched from this uri", {
      subcode: 2207052,
      userTitle: "Media download has failed.",
      userMessage: `The media could not be fetched from this uri: ${url}`,
    });
  }
  if (result.tooLarge) {
    throw graphError(36000, "The image size is too large.", {
      subcode: 2207004,
      userTitle: "Image size too large",
      userMessage: "The image is too large to download. It should be less than 8 MiB.",
    });
  }
  if (isNotMedia(result.bytes, result.contentType)) throw notMediaError(url);
  const info = isJpeg(result.bytes) ? parseJpeg(result.bytes) : undefined;
  if (!info || info.isMpo) {
    throw graphError(36001, "The image format is not supported.", {
      subcode: 2207005,
      userTitle: "Unsupported image format",
      userMessage: "The image format is not supported. Supported formats are: JPEG",
    });
  }
  const ratio = info.width / info.height;
  if (options.checkAspect && (ratio < 0.8 - 1e-3 || ratio > 1.91 + 1e-3)) {
    throw graphError(36003, "The aspect ratio is not supported.", {
      subcode: 2207009,
      userTitle: "Invalid aspect ratio",
      userMessage:
        "The submitted image with aspect ratio ('" +
        `${info.width}/${info.height}` +
        "') cannot be published. Please submit an image with a valid aspect ratio.",
    });
  }
  return { width: info.width, height: info.height, bytes: result.bytes.length };
}

type VideoRules = {
  minMs: number;
  maxMs: number;
  minAspect: number;
  maxAspect: number;
  maxBytes: number;
  maxWidth: number;
};

const videoRules: Record<"REELS" | "STORIES" | "VIDEO", VideoRules> = {
  REELS: {
    minMs: 3_000,
    maxMs: 15 * 60_000,
    minAspect: 0.01,
    maxAspect: 10,
    maxBytes: 300 * 1024 * 1024,
    maxWidth: 1920,
  },
  STORIES: {
    minMs: 3_000,
    maxMs: 60_000,
    minAspect: 0.1,
    maxAspect: 10,
    maxBytes: 100 * 1024 * 1024,
    maxWidth: 1920,
  },
  VIDEO: {
    minMs: 3_000,
    maxMs: 15 * 60_000,
    minAspect: 0.01,
    maxAspect: 10,
    maxBytes: 300 * 1024 * 1024,
    maxWidth: 1920,
  },
};

export function maxVideoBytes(kind: ContainerKind): number {
  return videoRules[kind === "STORIES" ? "STORIES" : kind === "VIDEO" ? "VIDEO" : "REELS"].maxBytes;
}

/** §2.2 — duration, aspect, width and size; an unparseable file is 2207026 like Meta. */
export function checkVideo(
  kind: ContainerKind,
  info: VideoInfo | undefined,
  fileBytes: number,
  thumbOffsetMs: number | undefined,
): ContainerFailure | undefined {
  if (!info)
    return failureFor(
      2207026,
      "The video format is not supported. Please check spec for supported video format.",
    );
  const rules = videoRules[kind === "STORIES" ? "STORIES" : kind === "VIDEO" ? "VIDEO" : "REELS"];
  const ratio = info.width / info.height;
  if (
    info.durationMs < rules.minMs ||
    info.durationMs > rules.maxMs ||
    ratio < rules.minAspect ||
    ratio > rules.maxAspect ||
    info.width > rules.maxWidth ||
    fileBytes > rules.maxBytes
  ) {
    return failureFor(
      2207026,
      "The video format is not supported. Please check spec for supported video format.",
    );
  }
  if (thumbOffsetMs !== undefined && (thumbOffsetMs < 0 || thumbOffsetMs > info.durationMs)) {
    return failureFor(2207057, "The thumbnail offset is outside the video duration.");
  }
  return undefined;
}

/** Fetches a `video_url` (or rupload `file_url`) and inspects it. */
export async function fetchVideo(
  core: SandboxCore,
  url: string,
  kind: ContainerKind,
): Promise<{ info: VideoInfo | undefined; bytes: number } | { failure: ContainerFailure }> {
  try {
    assertFetchableUrl(url);
  } catch {
    return { failure: failureFor(2207052, "The media could not be fetched from this uri") };
  }
  const result = await core.fetchUrl(url, maxVideoBytes(kind));
  if (!result.ok) {
    return { failure: failureFor(2207052, "The media could not be fetched from this uri") };
  }
  if (result.tooLarge) return { failure: failureFor(2207026, "The video file is too large.") };
  if (isNotMedia(result.bytes, result.contentType)) {
    return { failure: failureFor(2207052, NOT_MEDIA_MESSAGE) };
  }
  const scan = feedMp4Scan(createMp4Scan(), result.bytes, 0);
  return { info: scan.info, bytes: result.bytes.length };
}
