/**
 * What a media file really is, read from its bytes, and the photo rules Instagram publishes by
 * (reference §2.2: feed and carousel images are JPEG, at most 8 MB, aspect 4:5 to 1.91:1).
 * Shared by the composer, which checks a file the moment it is chosen, and the upload route,
 * which refuses the same files again.
 */

/** Reference §2.2: Instagram fetches feed images of at most 8 MB. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Reference §2.2: the tallest (4:5) and widest (1.91:1) feed image. */
export const MIN_IMAGE_ASPECT = 4 / 5;
export const MAX_IMAGE_ASPECT = 1.91;
/** Reference §2.2: Instagram scales feed images to at most 1440 px wide. */
export const MAX_IMAGE_WIDTH = 1440;
/** Rounding slack, so a 1080×1350 photo (exactly 4:5) is never refused. */
const ASPECT_SLACK = 0.005;

export type SniffedMedia = {
  kind: "image" | "video";
  contentType: string;
  extension: string;
};

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * The real type of a file from its first bytes, never from its name or the declared type.
 * Undefined for anything that is not an image or video Instagram could take.
 */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { kind: "image", contentType: "image/jpeg", extension: "jpg" };
  }
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") {
    return { kind: "image", contentType: "image/png", extension: "png" };
  }
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { kind: "image", contentType: "image/webp", extension: "webp" };
  }
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") {
    return { kind: "image", contentType: "image/gif", extension: "gif" };
  }
  if (ascii(bytes, 4, 8) === "ftyp") {
    const brand = ascii(bytes, 8, 12);
    if (["heic", "heix", "hevc", "hevx", "mif1", "msf1"].includes(brand)) {
      return { kind: "image", contentType: "image/heic", extension: "heic" };
    }
    if (brand === "qt  ") {
      return { kind: "video", contentType: "video/quicktime", extension: "mov" };
    }
    if (["isom", "iso2", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash"].includes(brand)) {
      return { kind: "video", contentType: "video/mp4", extension: "mp4" };
    }
  }
  return undefined;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);

function jpegDimensions(b: Uint8Array): { width: number; height: number } | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1] ?? 0;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    const length = u16be(b, i + 2);
    if (length < 2) return undefined;
    i += 2 + length;
  }
  return undefined;
}

/**
 * Width and height from an image's header (JPEG, PNG, GIF, WebP), or undefined when the header
 * is missing, cut short or says 0 — a file that cannot be a picture. HEIC is not read here: the
 * server converts it to JPEG first. Only the header is read, so a file can still be damaged
 * further in; the browser decodes the whole picture before it lets one in.
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  const type = sniffMedia(bytes)?.contentType;
  let size: { width: number; height: number } | undefined;
  if (type === "image/jpeg") size = jpegDimensions(bytes);
  else if (type === "image/png" && bytes.length >= 24 && ascii(bytes, 12, 16) === "IHDR") {
    size = { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  } else if (type === "image/gif" && bytes.length >= 13) {
    size = { width: u16le(bytes, 6), height: u16le(bytes, 8) };
  } else if (type === "image/webp" && bytes.length >= 30) {
    const chunk = ascii(bytes, 12, 16);
    if (chunk === "VP8 " && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
      size = { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
    } else if (chunk === "VP8L" && bytes[20] === 0x2f) {
      const bits = (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16);
      size = {
        width: (bits & 0x3fff) + 1,
        height: (((bits >>> 14) | ((bytes[24] ?? 0) << 10)) & 0x3fff) + 1,
      };
    } else if (chunk === "VP8X") {
      size = { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
    }
  }
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

/** Whether Instagram publishes a feed image of this width ÷ height (4:5 to 1.91:1). */
export function isImageAspectAllowed(aspectRatio: number): boolean {
  return (
    aspectRatio >= MIN_IMAGE_ASPECT - ASPECT_SLACK && aspectRatio <= MAX_IMAGE_ASPECT + ASPECT_SLACK
  );
}

/**
 * The largest centred rectangle of a too-tall or too-wide photo that Instagram takes: a tall
 * one cut to 4:5, a wide one to 1.91:1. Undefined when the photo already fits.
 */
export function cropToAllowedAspect(
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number; label: "4:5" | "1.91:1" } | undefined {
  const ratio = width / height;
  if (isImageAspectAllowed(ratio)) return undefined;
  if (ratio < MIN_IMAGE_ASPECT) {
    const cropHeight = Math.min(height, Math.round((width * 5) / 4));
    return {
      x: 0,
      y: Math.floor((height - cropHeight) / 2),
      width,
      height: cropHeight,
      label: "4:5",
    };
  }
  const cropWidth = Math.min(width, Math.round(height * MAX_IMAGE_ASPECT));
  return {
    x: Math.floor((width - cropWidth) / 2),
    y: 0,
    width: cropWidth,
    height,
    label: "1.91:1",
  };
}
