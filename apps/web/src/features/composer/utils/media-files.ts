import { encodeCover } from "./cover-quality.ts";
import { JPEG_CONVERSION_QUALITY } from "./media-rules.ts";

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The browser could not encode"))),
      type,
      quality,
    );
  });
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The image could not be read"));
    image.src = url;
  });
}

/** Spec §5: an image that is not JPEG or HEIC re-encoded as JPEG at quality 0.92. */
export async function convertToJpeg(file: File): Promise<File> {
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext("2d");
    if (!context || canvas.width === 0) throw new Error("No canvas");
    // JPEG has no transparency: transparent pixels become white, as Instagram shows them.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0);
    const blob = await canvasToBlob(canvas, "image/jpeg", JPEG_CONVERSION_QUALITY);
    const name = `${file.name.replace(/\.[^./]+$/, "") || "image"}.jpg`;
    return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Width ÷ height of an image, or undefined when the browser cannot decode it (e.g. HEIC). */
export async function readImageAspect(url: string): Promise<number | undefined> {
  try {
    const image = await loadImage(url);
    return image.naturalHeight > 0 ? image.naturalWidth / image.naturalHeight : undefined;
  } catch {
    return undefined;
  }
}

/** A video's duration (seconds) and aspect ratio, read from its metadata. */
export function readVideoInfo(
  url: string,
): Promise<{ duration: number | undefined; aspectRatio: number | undefined }> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    video.preload = "metadata";
    video.muted = true;
    let isDone = false;
    const done = (info: { duration: number | undefined; aspectRatio: number | undefined }) => {
      if (isDone) return;
      isDone = true;
      video.removeAttribute("src");
      video.load();
      resolve(info);
    };
    const report = () =>
      done({
        duration: Number.isFinite(video.duration) ? video.duration : undefined,
        aspectRatio: video.videoHeight > 0 ? video.videoWidth / video.videoHeight : undefined,
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
    video.onerror = () => done({ duration: undefined, aspectRatio: undefined });
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
