import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sniffMedia } from "../../platform/storage.ts";
import { HeicConversionError, toInstagramJpeg } from "./heic.ts";

// 64×48 gradient encoded here with Debian's heif-enc (libheif + x265), 680 bytes.
const fixture = new Uint8Array(
  readFileSync(new URL("./fixtures/gradient-64x48.heic", import.meta.url)),
);

/** Width and height from a baseline/progressive JPEG's SOF marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let offset = 2;
  while (offset < bytes.length) {
    const marker = bytes[offset + 1]!;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      return {
        height: (bytes[offset + 5]! << 8) | bytes[offset + 6]!,
        width: (bytes[offset + 7]! << 8) | bytes[offset + 8]!,
      };
    }
    offset += 2 + length;
  }
  throw new Error("no SOF marker");
}

describe("HEIC to JPEG", () => {
  it("turns a real HEIC photo into a JPEG of the same size", async () => {
    expect(sniffMedia(fixture)?.contentType).toBe("image/heic");
    const jpeg = await toInstagramJpeg(fixture);
    expect(sniffMedia(jpeg)?.contentType).toBe("image/jpeg");
    expect(jpegSize(jpeg)).toEqual({ width: 64, height: 48 });
  }, 60_000);

  it("refuses bytes that only look like HEIC with a clear error", async () => {
    const fake = new Uint8Array(fixture.subarray(0, 40));
    await expect(toInstagramJpeg(fake)).rejects.toBeInstanceOf(HeicConversionError);
    await expect(toInstagramJpeg(fake)).rejects.toThrow(/HEIC photo could not be read/);
  }, 60_000);
});
