import { describe, expect, it } from "vitest";
import { encodeGradientJpeg, encodeSamplePngHeader, isJpeg, parseJpeg } from "./jpeg.ts";

describe("JPEG inspection", () => {
  it("reads the frame header of the encoder's output", () => {
    const bytes = encodeGradientJpeg({
      width: 1080,
      height: 1350,
      colors: [
        [200, 120, 90],
        [40, 60, 50],
      ],
    });
    expect(isJpeg(bytes)).toBe(true);
    expect(parseJpeg(bytes)).toEqual({ width: 1080, height: 1350, isMpo: false });
    // Entropy-coded data ends with EOI.
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  it("finds SOF after other segments and detects MPO", () => {
    const sof = [
      0xff, 0xc2, 0x00, 0x11, 8, 0x01, 0x00, 0x02, 0x00, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0,
    ];
    const app2 = [0xff, 0xe2, 0x00, 0x08, 0x4d, 0x50, 0x46, 0x00, 0, 0];
    const mpo = new Uint8Array([0xff, 0xd8, ...app2, ...sof, 0xff, 0xd9]);
    expect(parseJpeg(mpo)).toEqual({ width: 512, height: 256, isMpo: true });
  });

  it("rejects PNG, truncated files and scan data before any frame header", () => {
    expect(parseJpeg(encodeSamplePngHeader(100, 100))).toBeUndefined();
    expect(parseJpeg(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
    expect(
      parseJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9])),
    ).toBeUndefined();
  });
});
