import { describe, expect, it } from "vitest";
import {
  collaboratorFromLookup,
  collaboratorProblem,
  DUPLICATE_COLLABORATOR,
  normalizeCollaborator,
  TOO_MANY_COLLABORATORS,
} from "./collaborators.ts";
import { encodeCover, MAX_COVER_BYTES } from "./cover-quality.ts";
import { emoticonsToEmoji } from "./emoticons.ts";
import {
  addHashtags,
  isHashtagCountWarning,
  normalizeHashtag,
  splitHashtagInput,
  TOO_MANY_HASHTAGS,
} from "./hashtags.ts";
import {
  convertingMessage,
  judgeMediaFile,
  mediaKindOf,
  moveItem,
  needsJpegConversion,
  selectMediaFiles,
  videoTooLargeMessage,
} from "./media-rules.ts";
import {
  adjustTime,
  findEnabledDate,
  isDayDisabled,
  isHourDisabled,
  isInFuture,
  isMinuteDisabled,
  monthGrid,
} from "./schedule-rules.ts";
import { addTag, clampPercent, pointToPercent, USER_ALREADY_TAGGED } from "./tags.ts";

const MB = 1024 * 1024;

describe("hashtags (spec §5)", () => {
  it("strips the leading # and trims", () => {
    expect(normalizeHashtag("  #summer ")).toBe("summer");
    expect(normalizeHashtag("##coffee")).toBe("coffee");
  });
  it("splits on space and comma (Enter adds the input)", () => {
    expect(splitHashtagInput("#a, b  #c,,")).toEqual(["a", "b", "c"]);
  });
  it("drops duplicates", () => {
    expect(addHashtags(["latte"], "#latte Latte espresso").hashtags).toEqual(["latte", "espresso"]);
  });
  it("stops at 30 with the spec's message", () => {
    const thirty = Array.from({ length: 30 }, (_, i) => `t${i}`);
    expect(addHashtags(thirty.slice(0, 29), "x y")).toEqual({
      hashtags: [...thirty.slice(0, 29), "x"],
      error: TOO_MANY_HASHTAGS,
    });
    expect(TOO_MANY_HASHTAGS).toBe("Maximum 30 hashtags allowed");
  });
  it("turns the counter red above 25", () => {
    expect(isHashtagCountWarning(25)).toBe(false);
    expect(isHashtagCountWarning(26)).toBe(true);
  });
});

describe("collaborators (spec §5)", () => {
  it("strips the leading @", () => {
    expect(normalizeCollaborator(" @oona.bakes ")).toBe("oona.bakes");
  });
  it("refuses duplicates and a fourth", () => {
    const three = ["a", "b", "c"].map((username) => ({ username }));
    expect(collaboratorProblem(three.slice(0, 1), "A")).toBe(DUPLICATE_COLLABORATOR);
    expect(collaboratorProblem(three, "d")).toBe(TOO_MANY_COLLABORATORS);
    expect(TOO_MANY_COLLABORATORS).toBe("Maximum 3 collaborators allowed");
    expect(collaboratorProblem(three.slice(0, 2), "d")).toBeUndefined();
  });
  it("is verified when found, unverified when not or when the lookup failed", () => {
    expect(
      collaboratorFromLookup("lena", {
        found: true,
        user: { username: "lena.makes", name: "Lena", profile_picture_url: "https://x/p.jpg" },
      }),
    ).toEqual({ username: "lena.makes", name: "Lena", avatar: "https://x/p.jpg", verified: true });
    expect(collaboratorFromLookup("ghost", { found: false, user: null }).verified).toBe(false);
    expect(collaboratorFromLookup("ghost", undefined)).toEqual({
      username: "ghost",
      name: null,
      avatar: null,
      verified: false,
    });
  });
});

describe("tags (spec §5)", () => {
  it("clamps positions to 0–100", () => {
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(pointToPercent({ x: 150, y: -5 }, { left: 0, top: 0, width: 100, height: 100 })).toEqual(
      { x: 100, y: 0 },
    );
  });
  it("allows one tag per user per item and needs a username", () => {
    const first = addTag([], { id: "1", username: "@lena", x: 120, y: 50 });
    expect(first.tags).toEqual([{ id: "1", username: "lena", x: 100, y: 50 }]);
    expect(addTag(first.tags ?? [], { id: "2", username: "LENA", x: 1, y: 1 }).error).toBe(
      USER_ALREADY_TAGGED,
    );
    expect(addTag([], { id: "3", username: "  ", x: 1, y: 1 }).error).toBeDefined();
  });
});

describe("emoticons (spec §2)", () => {
  it("shows :) :( :D ;) :P <3 as emoji", () => {
    expect(emoticonsToEmoji("hi :) :( :D ;) :P <3")).toBe("hi 🙂 🙁 😀 😉 😛 ❤️");
  });
  it("leaves emoticon-like text inside words and links alone", () => {
    expect(emoticonsToEmoji("see https://x.com/a:Pb and no:)")).toBe(
      "see https://x.com/a:Pb and no:)",
    );
  });
});

describe("media (spec §5)", () => {
  const file = (name: string, type: string, size = 10) => ({ name, type, size });
  it("accepts images and videos only", () => {
    expect(mediaKindOf(file("a.png", "image/png"))).toBe("image");
    expect(mediaKindOf(file("a.mp4", "video/mp4"))).toBe("video");
    expect(mediaKindOf(file("a.pdf", "application/pdf"))).toBeUndefined();
  });
  it("converts what is not JPEG or HEIC", () => {
    expect(needsJpegConversion("image/png")).toBe(true);
    expect(needsJpegConversion("image/webp")).toBe(true);
    expect(needsJpegConversion("image/gif")).toBe(true);
    expect(needsJpegConversion("image/jpeg")).toBe(false);
    expect(needsJpegConversion("image/heic")).toBe(false);
    expect(convertingMessage("a.png")).toBe("Converting a.png to JPEG for Instagram...");
  });
  it("refuses a video over 50MB with the spec's words, skips others, keeps 10 at most", () => {
    const big = file("big.mov", "video/quicktime", 51 * MB);
    expect(videoTooLargeMessage("big.mov", 51 * MB)).toBe(
      'Video file "big.mov" is too large (51.0MB). Maximum size for scheduling is 50MB. Please compress or use a smaller video.',
    );
    const picked = selectMediaFiles(8, [
      big,
      file("doc.txt", "text/plain"),
      file("1.jpg", "image/jpeg"),
      file("2.jpg", "image/jpeg"),
      file("3.jpg", "image/jpeg"),
      file("ok.mp4", "video/mp4", 50 * MB),
    ]);
    expect(picked.accepted.map((a) => a.file.name)).toEqual(["1.jpg", "2.jpg"]);
    expect(picked.tooLarge.map((t) => t.file.name)).toEqual(["big.mov"]);
    expect(picked.skipped.map((f) => f.name)).toEqual(["doc.txt"]);
    expect(picked.overLimit.map((f) => f.name)).toEqual(["3.jpg", "ok.mp4"]);
  });
  it("refuses a 157MB photo with words about photos, not the video message", () => {
    const picked = selectMediaFiles(0, [file("holiday.jpg", "image/jpeg", 157 * MB)]);
    expect(picked.accepted).toEqual([]);
    expect(picked.tooLarge.map((t) => t.message)).toEqual([
      'Photo "holiday.jpg" is too large (157.0MB). Maximum size is 50MB. Please use a smaller photo.',
    ]);
  });
  it("reorders", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, -1)).toEqual(["c", "a", "b"]);
  });
});

describe("a chosen file judged by its bytes (issue 24)", () => {
  const jpeg = { kind: "image", contentType: "image/jpeg", extension: "jpg" } as const;
  const png = { kind: "image", contentType: "image/png", extension: "png" } as const;
  const gif = { kind: "image", contentType: "image/gif", extension: "gif" } as const;
  const heic = { kind: "image", contentType: "image/heic", extension: "heic" } as const;
  const mp4 = { kind: "video", contentType: "video/mp4", extension: "mp4" } as const;

  it("refuses a text file named .jpg, naming it and the reason", () => {
    expect(judgeMediaFile("notes.jpg", { sniffed: undefined, isReadable: false })).toEqual({
      action: "refuse",
      message:
        'Could not add "notes.jpg": it is not a photo or video Instagram takes (JPEG, PNG, WebP, GIF, HEIC, MP4 or MOV).',
    });
  });
  it("refuses a picture that does not decode (a corrupt GIF) and a video without metadata", () => {
    expect(judgeMediaFile("spin.gif", { sniffed: gif, isReadable: false })).toEqual({
      action: "refuse",
      message:
        'Could not add "spin.gif": the image cannot be read. It may be damaged; export it again and retry.',
    });
    expect(judgeMediaFile("clip.mp4", { sniffed: mp4, isReadable: false })).toMatchObject({
      action: "refuse",
      message: expect.stringMatching(/^Could not add "clip\.mp4": the video cannot be read\./),
    });
  });
  it("offers a tall photo a 4:5 crop and a wide one 1.91:1, with the rule", () => {
    const tall = judgeMediaFile("tall.png", {
      sniffed: png,
      isReadable: true,
      width: 300,
      height: 2000,
    });
    expect(tall).toMatchObject({
      action: "crop",
      message:
        '"tall.png" is 300×2000, too tall for Instagram, which takes photos from 4:5 (portrait) to 1.91:1 (landscape).',
      crop: { label: "4:5", width: 300, height: 375 },
    });
    expect(
      judgeMediaFile("pano.jpg", { sniffed: jpeg, isReadable: true, width: 4000, height: 1000 }),
    ).toMatchObject({ action: "crop", crop: { label: "1.91:1" } });
  });
  it("takes a photo that fits, converting what is not JPEG by its bytes", () => {
    expect(
      judgeMediaFile("a.jpg", { sniffed: png, isReadable: true, width: 1080, height: 1350 }),
    ).toEqual({
      action: "accept",
      kind: "image",
      isConversionNeeded: true,
      aspectRatio: 0.8,
      duration: undefined,
    });
    expect(
      judgeMediaFile("b.jpg", { sniffed: jpeg, isReadable: true, width: 1000, height: 1000 }),
    ).toMatchObject({ action: "accept", isConversionNeeded: false, aspectRatio: 1 });
    // This browser may not decode HEIC: the server converts it and reads it then.
    expect(judgeMediaFile("c.heic", { sniffed: heic, isReadable: false })).toMatchObject({
      action: "accept",
      kind: "image",
    });
    expect(
      judgeMediaFile("d.mov", {
        sniffed: mp4,
        isReadable: true,
        width: 1080,
        height: 1920,
        duration: 12,
      }),
    ).toEqual({
      action: "accept",
      kind: "video",
      isConversionNeeded: false,
      aspectRatio: 0.5625,
      duration: 12,
    });
  });
});

describe("cover quality loop (spec §5)", () => {
  it("starts at 0.85 and lowers by 0.05 until at most 500KB", async () => {
    const tried: number[] = [];
    const result = await encodeCover(async (quality) => {
      tried.push(quality);
      return new Blob([new Uint8Array(quality > 0.7 ? MAX_COVER_BYTES + 1 : MAX_COVER_BYTES)]);
    });
    expect(tried).toEqual([0.85, 0.8, 0.75, 0.7]);
    expect(result).toMatchObject({ quality: 0.7, fits: true });
  });
  it("gives up at 0.5 and says it does not fit", async () => {
    const tried: number[] = [];
    const result = await encodeCover(async (quality) => {
      tried.push(quality);
      return new Blob([new Uint8Array(MAX_COVER_BYTES + 1)]);
    });
    expect(tried).toEqual([0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5]);
    expect(result.fits).toBe(false);
  });
});

describe("schedule sheet (spec §5, §9)", () => {
  const now = { date: "2026-11-23", hour: 14, minute: 30 };
  it("disables days before today", () => {
    expect(isDayDisabled("2026-11-22", now.date)).toBe(true);
    expect(isDayDisabled("2026-11-23", now.date)).toBe(false);
  });
  it("disables today's past hours and the current hour's minutes up to now", () => {
    expect(isHourDisabled(now.date, 13, now)).toBe(true);
    expect(isHourDisabled(now.date, 14, now)).toBe(false);
    expect(isHourDisabled("2026-11-24", 0, now)).toBe(false);
    expect(isMinuteDisabled(now.date, 14, 30, now)).toBe(true);
    expect(isMinuteDisabled(now.date, 14, 31, now)).toBe(false);
    expect(isMinuteDisabled(now.date, 15, 0, now)).toBe(false);
    expect(isHourDisabled(now.date, 14, { ...now, minute: 59 })).toBe(true);
  });
  it("bumps the minute above the current one when the current hour is chosen", () => {
    expect(adjustTime(now.date, { hour: 14, minute: 10 }, now)).toEqual({ hour: 14, minute: 31 });
    expect(adjustTime(now.date, { hour: 14, minute: 45 }, now)).toEqual({ hour: 14, minute: 45 });
    expect(adjustTime("2026-11-24", { hour: 10, minute: 0 }, now)).toEqual({ hour: 10, minute: 0 });
  });
  it("searches at most 365 days for an enabled date", () => {
    let calls = 0;
    expect(
      findEnabledDate("2026-01-01", () => {
        calls++;
        return true;
      }),
    ).toBeUndefined();
    expect(calls).toBe(365);
    expect(findEnabledDate("2026-01-01", (d) => d < "2026-01-03")).toBe("2026-01-03");
  });
  it("knows past from future", () => {
    expect(isInFuture({ date: now.date, hour: 14, minute: 30 }, now)).toBe(false);
    expect(isInFuture({ date: now.date, hour: 14, minute: 31 }, now)).toBe(true);
  });
  it("lays out a month Sunday first", () => {
    const weeks = monthGrid("2026-11");
    expect(weeks[0]?.[0]).toBe("2026-11-01");
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });
});
