import { describe, expect, it } from "vitest";
import { classifyPostType, publishVideoKind } from "./post-type.ts";

const image = { mediaType: "image" as const };
const video = (aspectRatio?: number, durationMs?: number) => ({
  mediaType: "video" as const,
  aspectRatio,
  durationMs,
});

describe("post type (spec §4, §9)", () => {
  it("no media or one image is IMAGE; more than one item is CAROUSEL", () => {
    expect(classifyPostType([])).toBe("IMAGE");
    expect(classifyPostType([image])).toBe("IMAGE");
    expect(classifyPostType([image, image])).toBe("CAROUSEL");
    expect(classifyPostType([video(0.5, 10_000), image])).toBe("CAROUSEL");
    expect(classifyPostType([video(0.5, 10_000), video(0.5, 10_000)])).toBe("CAROUSEL");
  });

  it("a single video is REEL only below aspect 0.7 and up to 90 s in the preview", () => {
    expect(classifyPostType([video(9 / 16, 30_000)])).toBe("REEL");
    expect(classifyPostType([video(0.69, 90_000)])).toBe("REEL");
    expect(classifyPostType([video(0.7, 30_000)])).toBe("VIDEO");
    expect(classifyPostType([video(0.5, 90_001)])).toBe("VIDEO");
    expect(classifyPostType([video(16 / 9, 30_000)])).toBe("VIDEO");
    expect(classifyPostType([video(undefined, 30_000)])).toBe("VIDEO");
    expect(classifyPostType([video(0.5, undefined)])).toBe("VIDEO");
  });

  it("at publish time the bound is aspect below 1, still up to 90 s", () => {
    expect(publishVideoKind(video(0.8, 60_000))).toBe("REEL");
    expect(publishVideoKind(video(0.99, 90_000))).toBe("REEL");
    expect(publishVideoKind(video(1, 60_000))).toBe("VIDEO");
    expect(publishVideoKind(video(0.8, 90_001))).toBe("VIDEO");
    expect(publishVideoKind(video(undefined, 10_000))).toBe("VIDEO");
  });
});
