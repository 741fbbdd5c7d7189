import { MAX_IMAGE_WIDTH, sniffMedia } from "@sightline/contracts";
import { encodeCover } from "./cover-quality.ts";
import { type FileFacts, JPEG_CONVERSION_QUALITY } from "./media-rules.ts";

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The browser could not encode"))),
      type,
      quality,
    );
  });
}

/**
 * Spec §5: an image re-encoded as JPEG at quality 0.92 — to convert a PNG, WebP or GIF, and
 * (issue 24) to cut a photo to the part Instagram takes (`crop`, in the picture's pixels) or to
 * scale one over Instagram's 8MB down to 1440 px wide (`maxWidth`).
 */
export async function convertToJpeg(
  file: File,
  options: {
    crop?: { x: number; y: number; width: number; height: number } | undefined;
    maxWidth?: number | undefined;
  } = {},
): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    const source = options.crop ?? { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
    const scale = Math.min(1, (options.maxWidth ?? Number.POSITIVE_INFINITY) / source.width);
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(source.width * scale));
    canvas.height = Math.max(1, Math.round(source.height * scale));
    const context = canvas.getContext("2d");
    if (!context || source.width === 0) throw new Error("No canvas");
    // JPEG has no transparency: transparent pixels become white, as Instagram shows them.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(
      bitmap,
      source.x,
      source.y,
      source.width,
      source.height,
      0,
      0,
      canvas.width,
      canvas.height,
    );
    const blob = await canvasToBlob(canvas, "image/jpeg", JPEG_CONVERSION_QUALITY);
    const name = `${file.name.replace(/\.[^./]+$/, "") || "image"}.jpg`;
    return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/** A photo scaled to Instagram's widest (1440 px), for one over its 8MB. */
export function shrinkForInstagram(file: File): Promise<File> {
  return convertToJpeg(file, { maxWidth: MAX_IMAGE_WIDTH });
}

/**
 * Issue 24: what a chosen file really is, read at once — its type from its first bytes, then
 * the whole picture decoded (createImageBitmap refuses a damaged GIF that an <img> would show
 * blank) or the video's metadata read.
 */
export async function readFileFacts(file: File): Promise<FileFacts> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const sniffed = sniffMedia(head);
  if (!sniffed) return { sniffed, isReadable: false };
  if (sniffed.kind === "image") {
    try {
      const bitmap = await createImageBitmap(file);
      const facts = { sniffed, isReadable: true, width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return facts;
    } catch {
      return { sniffed, isReadable: false };
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const info = await readVideoInfo(url);
    return {
      sniffed,
      isReadable: info.isReadable,
      width: info.width,
      height: info.height,
      duration: info.duration,
    };
  } finally {
    URL.revokeObjectURL(url);
  }
}

interface VideoInfo {
  /** The browser read the metadata and found a picture in it. */
  isReadable: boolean;
  duration: number | undefined;
  aspectRatio: number | undefined;
  width: number | undefined;
  height: number | undefined;
}

/** A video's duration (seconds), size and aspect ratio, read from its metadata. */
export function readVideoInfo(url: string): Promise<VideoInfo> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    video.preload = "metadata";
    video.muted = true;
    let isDone = false;
    const done = (info: VideoInfo) => {
      if (isDone) return;
      isDone = true;
      video.removeAttribute("src");
      video.load();
      resolve(info);
    };
    const report = () =>
      done({
        isReadable: video.videoWidth > 0 && video.videoHeight > 0,
        duration: Number.isFinite(video.duration) ? video.duration : undefined,
        aspectRatio: video.videoHeight > 0 ? video.videoWidth / video.videoHeight : undefined,
        width: video.videoWidth || undefined,
        height: video.videoHeight || undefined,
      });
    video.onloadedmetadata = () => {
      if (Number.isFinite(video.duration)) {
        report();
        return;
      }
      // Recorded WebM files often carry no duration: seeking far past the end makes the
      // browser scan the file and settle it.
      video.ondurationchange = () => {
        if (Number.isFinite(video.duration)) report();
      };
      video.onseeked = report;
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.onerror = () =>
      done({
        isReadable: false,
        duration: undefined,
        aspectRatio: undefined,
        width: undefined,
        height: undefined,
      });
    video.src = url;
  });
}

/** Longest side of a captured cover: Instagram shows covers at up to 1080 px wide. */
const COVER_MAX_SIDE = 1080;

/**
 * The frame a video element shows now, as a JPEG of at most 500KB (spec §5: 0.85, lowered by
 * 0.05 down to 0.5). Throws when it cannot be captured or does not fit.
 */
export async function captureCoverFrame(video: HTMLVideoElement): Promise<Blob> {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) throw new Error("The video has no frame to capture");
  const scale = Math.min(1, COVER_MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("No canvas");
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const { blob, fits } = await encodeCover((quality) =>
    canvasToBlob(canvas, "image/jpeg", quality),
  );
  if (!fits) throw new Error("The cover is larger than 500KB");
  return blob;
}
