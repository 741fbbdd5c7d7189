import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildSampleMp4, createMp4Scan, feedMp4Scan, parseMp4 } from "./mp4.ts";

describe("MP4 inspection", () => {
  it("reads duration and dimensions from mvhd/tkhd, with moov first or last", () => {
    for (const moovLast of [false, true]) {
      const bytes = buildSampleMp4({
        width: 1080,
        height: 1920,
        durationMs: 42_500,
        mdatBytes: 5000,
        moovLast,
      });
      expect(parseMp4(bytes)).toEqual({ durationMs: 42_500, width: 1080, height: 1920 });
    }
  });

  it("gives the same answer however the bytes are chunked, with JSON state in between", () => {
    const bytes = buildSampleMp4({
      width: 720,
      height: 1280,
      durationMs: 9_000,
      mdatBytes: 3000,
      moovLast: true,
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 50 }),
        (sizes) => {
          let state = createMp4Scan();
          let offset = 0;
          let index = 0;
          while (offset < bytes.length) {
            const size = sizes[index++ % sizes.length]!;
            state = JSON.parse(
              JSON.stringify(feedMp4Scan(state, bytes.subarray(offset, offset + size), offset)),
            );
            offset += size;
          }
          expect(state.info).toEqual({ durationMs: 9_000, width: 720, height: 1280 });
        },
      ),
      { numRuns: 60 },
    );
  });

  it("refuses files that are not ISO-BMFF", () => {
    expect(parseMp4(new Uint8Array(64).fill(7))).toBeUndefined();
    expect(
      feedMp4Scan(createMp4Scan(), new TextEncoder().encode("<html>not a video</html>"), 0).error,
    ).toBeDefined();
  });
});
