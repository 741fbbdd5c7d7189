import { describe, expect, it } from "vitest";
import {
  cropToAllowedAspect,
  imageDimensions,
  isImageAspectAllowed,
  sniffMedia,
} from "./media-files.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? Array.from(part, (c) => c.charCodeAt(0)) : part,
    ),
  );
const be16 = (n: number) => [n >> 8, n & 0xff];
const le16 = (n: number) => [n & 0xff, n >> 8];
const be32 = (n: number) => [...be16(n >>> 16), ...be16(n & 0xffff)];

/** A JPEG header: SOI, an APP0 segment, then SOF0 with the size. */
function jpeg(width: number, height: number, sof = 0xc0) {
  return bytes(
    [0xff, 0xd8, 0xff, 0xe0, ...be16(16)],
    "JFIF\0",
    [1, 1, 0, 0, 1, 0, 1, 0, 0],
    [0xff, sof, ...be16(17), 8, ...be16(height), ...be16(width), 3],
    new Array(20).fill(0),
  );
}
function png(width: number, height: number) {
  return bytes("\x89PNG\r\n\x1a\n", be32(13), "IHDR", be32(width), be32(height), [8, 6, 0, 0, 0]);
}
function gif(width: number, height: number) {
  return bytes("GIF89a", le16(width), le16(height), [0, 0, 0], new Array(8).fill(0));
}
function webpExtended(width: number, height: number) {
  const w = width - 1;
  const h = height - 1;
  return bytes(
    "RIFF",
    [0, 0, 0, 0],
    "WEBPVP8X",
    [10, 0, 0, 0, 0, 0, 0, 0],
    [w & 0xff, (w >> 8) & 0xff, w >> 16, h & 0xff, (h >> 8) & 0xff, h >> 16],
  );
}

describe("sniffMedia", () => {
  it("reads the type from the bytes, never the name: text is nothing, a GIF is a GIF", () => {
    expect(
      sniffMedia(new TextEncoder().encode("just some words, named photo.jpg")),
    ).toBeUndefined();
    expect(sniffMedia(jpeg(10, 10))?.contentType).toBe("image/jpeg");
    expect(sniffMedia(png(10, 10))?.contentType).toBe("image/png");
    expect(sniffMedia(gif(10, 10))?.contentType).toBe("image/gif");
    expect(sniffMedia(bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 2, 0]))?.kind).toBe("video");
    expect(sniffMedia(bytes([0, 0, 0, 0x18], "ftypqt  ", [0, 0, 2, 0]))?.contentType).toBe(
      "video/quicktime",
    );
    // WebM is not a format Instagram publishes.
    expect(sniffMedia(bytes([0x1a, 0x45, 0xdf, 0xa3], new Array(12).fill(0)))).toBeUndefined();
  });
});

describe("imageDimensions", () => {
  it("reads width and height from JPEG, PNG, GIF and WebP headers", () => {
    expect(imageDimensions(jpeg(300, 2000))).toEqual({ width: 300, height: 2000 });
    expect(imageDimensions(jpeg(1080, 1350, 0xc2))).toEqual({ width: 1080, height: 1350 });
    expect(imageDimensions(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(gif(320, 200))).toEqual({ width: 320, height: 200 });
    expect(imageDimensions(webpExtended(1920, 1005))).toEqual({ width: 1920, height: 1005 });
  });

  it("has no answer for a header that is cut short, damaged or says 0", () => {
    // A GIF's signature followed by nothing: what a truncated or corrupt GIF looks like.
    expect(imageDimensions(bytes("GIF89a", [0, 0, 0, 0, 0, 0]))).toBeUndefined();
    expect(imageDimensions(gif(0, 10))).toBeUndefined();
    expect(imageDimensions(png(10, 10).subarray(0, 20))).toBeUndefined();
    expect(imageDimensions(jpeg(10, 10).subarray(0, 22))).toBeUndefined();
    expect(imageDimensions(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0], new Array(20).fill(0)))).toBe(
      undefined,
    );
    expect(imageDimensions(new TextEncoder().encode("not a picture at all"))).toBeUndefined();
  });
});

describe("the aspect rule (4:5 to 1.91:1)", () => {
  it("takes 4:5, square and 1.91:1, and nothing taller or wider", () => {
    expect(isImageAspectAllowed(1080 / 1350)).toBe(true);
    expect(isImageAspectAllowed(1)).toBe(true);
    expect(isImageAspectAllowed(1.91)).toBe(true);
    expect(isImageAspectAllowed(300 / 2000)).toBe(false);
    expect(isImageAspectAllowed(9 / 16)).toBe(false);
    expect(isImageAspectAllowed(2)).toBe(false);
  });

  it("crops a tall photo to a centred 4:5 and a wide one to 1.91:1", () => {
    expect(cropToAllowedAspect(300, 2000)).toEqual({
      x: 0,
      y: 812,
      width: 300,
      height: 375,
      label: "4:5",
    });
    expect(cropToAllowedAspect(4000, 1000)).toEqual({
      x: 1045,
      y: 0,
      width: 1910,
      height: 1000,
      label: "1.91:1",
    });
    expect(cropToAllowedAspect(1080, 1080)).toBeUndefined();
    const crop = cropToAllowedAspect(300, 2000);
    expect(isImageAspectAllowed((crop?.width ?? 0) / (crop?.height ?? 1))).toBe(true);
  });
});
