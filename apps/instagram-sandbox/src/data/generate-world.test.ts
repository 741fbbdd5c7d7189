import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../core/time.ts";
import { generateWorld, WORLD_GENERATOR_VERSION } from "./generate-world.ts";

const anchor = Date.UTC(2025, 5, 15);

describe("demo data", () => {
  it("is the world this generator version promises (the world cache's key)", () => {
    // A changed world with the same version would let a start reuse a stale cached world
    // (state/world-cache.ts): raise WORLD_GENERATOR_VERSION, then pin the new digest here.
    const digest = createHash("sha256")
      .update(JSON.stringify(generateWorld(42, anchor)))
      .digest("hex");
    expect({ version: WORLD_GENERATOR_VERSION, digest }).toEqual({
      version: 2,
      digest: "0ebe18c70f730c705e7755af41902051664095463dc35cb963a180c5ffd162bc",
    });
  });

  it("is identical for the same seed and day, and differs for another seed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 400 }),
        (seed, delta, dayOffset) => {
          const day = anchor + dayOffset * DAY_MS;
          const first = JSON.stringify(generateWorld(seed, day));
          expect(JSON.stringify(generateWorld(seed, day))).toBe(first);
          expect(JSON.stringify(generateWorld((seed + delta) % 2 ** 31, day))).not.toBe(first);
        },
      ),
      { numRuns: 8 },
    );
    // 24 worlds of a year each: about 2 s alone, 6 s on a machine busy with browser tests.
  }, 30_000);

  it("looks like a creator and a small shop with a year of posts", () => {
    const world = generateWorld(42, anchor);
    const [lena, northfield] = world.accounts;
    expect(lena).toMatchObject({ username: "lena.makes", accountType: "MEDIA_CREATOR" });
    expect(lena!.followersAtAnchor).toBeGreaterThan(23_000);
    expect(lena!.followersAtAnchor).toBeLessThan(27_000);
    expect(northfield).toMatchObject({ username: "northfield.coffee", accountType: "BUSINESS" });
    expect(northfield!.followersAtAnchor).toBeGreaterThan(1_800);
    for (const account of [lena!, northfield!]) {
      const posts = world.media.filter(
        (media) => media.accountId === account.igUserId && media.productType !== "STORY",
      );
      const weeks = 52;
      expect(posts.length / weeks).toBeGreaterThan(2.5);
      expect(posts.length / weeks).toBeLessThan(6);
      const oldest = Math.min(...posts.map((media) => media.timestamp));
      expect(anchor - oldest).toBeGreaterThan(330 * DAY_MS);
      expect(posts.every((media) => media.timestamp < anchor)).toBe(true);
      // Gaps exist: some weeks have no posts at all.
      const weeksWithPosts = new Set(
        posts.map((media) => Math.floor((anchor - media.timestamp) / (7 * DAY_MS))),
      );
      expect(weeksWithPosts.size).toBeLessThan(52);
      const captions = posts.map((media) => media.caption);
      expect(captions.every((caption) => (caption.match(/#\w+/g) ?? []).length <= 30)).toBe(true);
      expect(new Set(captions).size).toBeGreaterThan(posts.length * 0.5);
    }
    const comments = world.comments.filter((comment) => comment.accountId === lena!.igUserId);
    expect(comments.some((comment) => comment.byOwner && comment.parentId !== undefined)).toBe(
      true,
    );
    expect(
      world.conversations.filter((conversation) => conversation.accountId === lena!.igUserId)
        .length,
    ).toBeGreaterThan(15);
    expect(world.publicAccounts.length).toBeGreaterThanOrEqual(8);
  });
});
