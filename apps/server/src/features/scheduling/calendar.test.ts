import { describe, expect, it } from "vitest";
import {
  bestTimeHints,
  type CalendarEntry,
  mergeCalendarEntries,
  scheduledPostType,
  shortCaption,
  syncedPostType,
} from "./calendar.ts";

function entry(overrides: Partial<CalendarEntry>): CalendarEntry {
  return {
    id: "x",
    source: "scheduled",
    status: "scheduled",
    type: "IMAGE",
    time: "2026-03-01T10:00:00.000Z",
    time_zone: "UTC",
    caption: "",
    thumbnail_url: null,
    permalink: null,
    ig_media_id: null,
    media_count: 1,
    ...overrides,
  };
}

describe("mergeCalendarEntries", () => {
  it("shows a scheduled post that went out and was synced once, with the synced permalink", () => {
    const scheduled = [
      entry({ id: "a", status: "published", ig_media_id: "111", time: "2026-03-02T09:00:00Z" }),
      entry({ id: "b", time: "2026-03-01T08:00:00Z" }),
    ];
    const synced = [
      entry({
        id: "ig_111",
        source: "instagram",
        status: "published",
        ig_media_id: "111",
        permalink: "https://instagram.com/p/111",
        time: "2026-03-02T09:00:05Z",
      }),
      entry({ id: "ig_222", source: "instagram", status: "published", ig_media_id: "222" }),
    ];
    const merged = mergeCalendarEntries(scheduled, synced);
    expect(merged.map((post) => post.id)).toEqual(["b", "ig_222", "a"]);
    expect(merged.find((post) => post.id === "a")?.permalink).toBe("https://instagram.com/p/111");
  });

  it("keeps every synced post when no scheduled post names it", () => {
    const synced = [entry({ id: "ig_1", source: "instagram", ig_media_id: "1" })];
    expect(mergeCalendarEntries([entry({ id: "s" })], synced)).toHaveLength(2);
  });
});

describe("post types", () => {
  it("labels synced media by Meta's type and product type", () => {
    expect(syncedPostType("CAROUSEL_ALBUM", "FEED")).toBe("CAROUSEL");
    expect(syncedPostType("VIDEO", "REELS")).toBe("REEL");
    expect(syncedPostType("VIDEO", "FEED")).toBe("VIDEO");
    expect(syncedPostType("IMAGE", null)).toBe("IMAGE");
  });

  it("labels a draft as what it will be published as", () => {
    expect(
      scheduledPostType([{ bucket: "scheduled-content", key: "u/a.jpg", mediaType: "image" }]),
    ).toBe("IMAGE");
    expect(
      scheduledPostType([
        { bucket: "scheduled-content", key: "u/a.jpg", mediaType: "image" },
        { bucket: "scheduled-content", key: "u/b.jpg", mediaType: "image" },
      ]),
    ).toBe("CAROUSEL");
    const video = {
      bucket: "scheduled-content" as const,
      key: "u/v.mp4",
      mediaType: "video" as const,
    };
    expect(scheduledPostType([{ ...video, aspectRatio: 0.8, durationMs: 30_000 }])).toBe("REEL");
    expect(scheduledPostType([{ ...video, aspectRatio: 1.7, durationMs: 30_000 }])).toBe("VIDEO");
  });
});

describe("shortCaption", () => {
  it("cuts long captions with an ellipsis and keeps short ones", () => {
    expect(shortCaption("  hello ")).toBe("hello");
    expect(shortCaption(null)).toBe("");
    const long = shortCaption("a".repeat(400));
    expect(long).toHaveLength(140);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("bestTimeHints", () => {
  it("favours the hours the score favours and says why in the account's figures", () => {
    // Mondays 2026-03-02 and 2026-03-09: followers peak at 18:00 UTC (19:00 in Berlin).
    const onlineFollowers = ["2026-03-02", "2026-03-09"].map((day) => ({
      day,
      hours: Object.fromEntries(
        Array.from({ length: 24 }, (_, hour) => [String(hour), hour === 18 ? 900 : 100]),
      ),
    }));
    const posts = [
      { postedAt: new Date("2026-03-02T18:10:00Z"), engagementRate: 0.08 },
      { postedAt: new Date("2026-03-03T06:00:00Z"), engagementRate: 0.01 },
    ];
    const hints = bestTimeHints({ onlineFollowers, posts }, "Europe/Berlin");
    const monday = hints.filter((hint) => hint.weekday === 1);
    expect(monday[0]).toMatchObject({ hour: 19, online_followers: 900, posts: 1 });
    expect(monday[0]!.engagement_rate).toBeCloseTo(0.08);
    expect(monday.length).toBeLessThanOrEqual(3);
    for (const hint of hints) expect(hint.score).toBeGreaterThanOrEqual(0.6);
  });

  it("gives no hint without data", () => {
    expect(bestTimeHints({ onlineFollowers: [], posts: [] }, "UTC")).toEqual([]);
  });
});
