import { describe, expect, it } from "vitest";
import { createRig } from "./test-rig.ts";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const competitors = ["kiln.and.kettle", "harbor.clayworks", "fernwood.pottery", "slowform.studio"];

/**
 * Business Discovery over the demo's public accounts (§7.1, issue 34 point 4): a history that
 * goes on day by day, so a competitor read once a day shows growth, new posts and engagement.
 */
describe("business discovery: the public accounts' history", () => {
  it("answers the same numbers for the same seed and moment", async () => {
    const start = new Date("2026-03-02T09:00:00Z");
    const first = createRig({ start }).fbAccount("lena.makes");
    const second = createRig({ start }).fbAccount("lena.makes");
    for (const username of competitors) {
      const [a, b] = await Promise.all([
        first.businessDiscovery(username, { mediaLimit: 50 }),
        second.businessDiscovery(username, { mediaLimit: 50 }),
      ]);
      expect(a).toEqual(b);
    }
  });

  it("moves followers day by day, never within a day", async () => {
    const rig = createRig({ start: new Date("2026-03-02T09:00:00Z") });
    const account = rig.fbAccount("lena.makes");
    const series = new Map<string, number[]>();
    for (let day = 0; day < 8; day++) {
      for (const username of competitors) {
        const found = await account.businessDiscovery(username, { mediaLimit: 1 });
        series.set(username, [...(series.get(username) ?? []), found.followers_count ?? -1]);
      }
      // Later the same UTC day: the same followers.
      rig.advance(5 * HOUR_MS);
      const again = await account.businessDiscovery(competitors[0]!, { mediaLimit: 1 });
      expect(again.followers_count).toBe(series.get(competitors[0]!)!.at(-1));
      rig.advance(DAY_MS - 5 * HOUR_MS);
    }
    for (const [, counts] of series) {
      expect(new Set(counts).size).toBeGreaterThan(4);
      expect(counts.every((count) => count > 0)).toBe(true);
    }
    // Accounts grow at paces of their own.
    const growth = [...series.values()].map((counts) => counts.at(-1)! - counts[0]!);
    expect(new Set(growth).size).toBe(growth.length);
  });

  it("keeps posting after the anchor day: media_count counts each new post", async () => {
    const rig = createRig({ start: new Date("2026-03-02T09:00:00Z") });
    const account = rig.fbAccount("lena.makes");
    const before = await account.businessDiscovery("kiln.and.kettle", { mediaLimit: 100 });
    rig.advance(14 * DAY_MS);
    const after = await account.businessDiscovery("kiln.and.kettle", { mediaLimit: 100 });
    const known = new Set(before.media!.data.map((media) => media.id));
    const fresh = after.media!.data.filter((media) => !known.has(media.id));
    expect(fresh.length).toBeGreaterThan(2);
    expect(after.media_count).toBe(before.media_count! + fresh.length);
    for (const media of fresh) {
      expect(Date.parse(media.timestamp!)).toBeGreaterThan(rig.now().getTime() - 14 * DAY_MS);
      expect(Date.parse(media.timestamp!)).toBeLessThanOrEqual(rig.now().getTime());
    }
    // Newest first, as Instagram lists them.
    const times = after.media!.data.map((media) => Date.parse(media.timestamp!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("grows a new post's likes and comments as it ages, and hides likes where the owner does", async () => {
    const rig = createRig({ start: new Date("2026-03-02T09:00:00Z") });
    const account = rig.fbAccount("lena.makes");
    rig.advance(10 * DAY_MS);
    const first = await account.businessDiscovery("fernwood.pottery", { mediaLimit: 100 });
    const newest = first.media!.data.find((media) => media.like_count !== undefined)!;
    rig.advance(DAY_MS);
    const second = await account.businessDiscovery("fernwood.pottery", { mediaLimit: 100 });
    const later = second.media!.data.find((media) => media.id === newest.id)!;
    expect(later.like_count!).toBeGreaterThanOrEqual(newest.like_count!);
    expect(later.comments_count!).toBeGreaterThanOrEqual(newest.comments_count!);
    // Over the accounts' last hundred posts each: some hide likes (§7.1 omits the field).
    let hidden = 0;
    for (const username of competitors) {
      const found = await account.businessDiscovery(username, { mediaLimit: 100 });
      hidden += found.media!.data.filter((media) => media.like_count === undefined).length;
      for (const media of found.media!.data) expect(media.comments_count).toBeGreaterThanOrEqual(0);
    }
    expect(hidden).toBeGreaterThan(0);
  });

  it("gives each post a format and captions with hashtags, different per account", async () => {
    const rig = createRig({ start: new Date("2026-03-02T09:00:00Z") });
    const account = rig.fbAccount("lena.makes");
    const tagsOf = new Map<string, Set<string>>();
    const formats = new Set<string>();
    for (const username of competitors) {
      const found = await account.businessDiscovery(username, { mediaLimit: 60 });
      const tags = new Set<string>();
      for (const media of found.media!.data) {
        formats.add(`${media.media_type}/${media.media_product_type}`);
        if (media.media_product_type === "REELS") expect(media.view_count).toBeGreaterThan(0);
        for (const tag of media.caption?.match(/#\w+/g) ?? []) tags.add(tag);
      }
      tagsOf.set(username, tags);
    }
    expect(formats).toEqual(new Set(["IMAGE/FEED", "CAROUSEL_ALBUM/FEED", "VIDEO/REELS"]));
    for (const tags of tagsOf.values()) expect(tags.size).toBeGreaterThan(5);
    // Each account has a hashtag of its own.
    expect(tagsOf.get("kiln.and.kettle")!.has("#kilnandkettle")).toBe(true);
    expect(tagsOf.get("harbor.clayworks")!.has("#kilnandkettle")).toBe(false);
  });
});
