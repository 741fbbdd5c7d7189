import type { CompetitorPostRow, CompetitorRow, CompetitorSnapshotRow } from "@sightline/db";
import { describe, expect, it } from "vitest";
import { compareAccounts, formatOf, hashtagGaps, median } from "./comparison.ts";

const DAY_MS = 86_400_000;
const since = new Date("2026-11-01T00:00:00Z");

function account(id: string, username: string, isOwn = false): CompetitorRow {
  return {
    id,
    workspaceId: "w",
    accountId: "a",
    username,
    isOwn,
    instagramId: null,
    name: null,
    biography: null,
    profilePictureUrl: null,
    lastReadAt: null,
    lastError: null,
    createdAt: new Date(0),
  };
}

let nextPost = 0;
function post(
  competitorId: string,
  day: number,
  fields: Partial<CompetitorPostRow> = {},
): CompetitorPostRow {
  nextPost += 1;
  return {
    id: `p${nextPost}`,
    workspaceId: "w",
    competitorId,
    mediaId: `m${nextPost}`,
    caption: "",
    mediaType: "IMAGE",
    productType: "FEED",
    permalink: null,
    postedAt: new Date(since.getTime() + day * DAY_MS),
    likeCount: 10,
    commentsCount: 1,
    viewCount: null,
    readAt: new Date(),
    ...fields,
  };
}

function snapshot(competitorId: string, day: string, followers: number): CompetitorSnapshotRow {
  return {
    id: `${competitorId}-${day}`,
    workspaceId: "w",
    competitorId,
    day,
    readAt: new Date(`${day}T05:00:00Z`),
    followersCount: followers,
    followsCount: 1,
    mediaCount: 100,
  };
}

describe("the competitor comparison", () => {
  it("takes the median of the answers, never a sum", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([1, 2, 3, 10])).toBe(3);
  });

  it("files reels under Reels whatever the media type says", () => {
    expect(formatOf({ mediaType: "VIDEO", productType: "REELS" })).toBe("REELS");
    expect(formatOf({ mediaType: "VIDEO", productType: "FEED" })).toBe("REELS");
    expect(formatOf({ mediaType: "CAROUSEL_ALBUM", productType: "FEED" })).toBe("CAROUSEL_ALBUM");
    expect(formatOf({ mediaType: "IMAGE", productType: null })).toBe("IMAGE");
  });

  it("grows followers between the first and last read, and leaves hidden likes out", () => {
    const rows = [account("own", "lena.makes", true), account("c", "kiln.and.kettle")];
    const result = compareAccounts({
      rows,
      snapshots: [
        snapshot("c", "2026-11-02", 1000),
        snapshot("c", "2026-11-03", 990),
        snapshot("c", "2026-11-04", 1030),
        snapshot("own", "2026-11-04", 500),
      ],
      posts: [
        post("c", 6, { likeCount: 100, commentsCount: 10 }),
        post("c", 5, { likeCount: null, commentsCount: 50 }),
        post("c", 4, { likeCount: 30, commentsCount: 0, mediaType: "VIDEO", productType: "REELS" }),
        post("c", 3, { likeCount: 10, commentsCount: 2 }),
        post("c", -3, { likeCount: 999, commentsCount: 0 }),
      ],
      since,
      days: 7,
      paused: new Set(),
      pausedReason: "",
    });
    const [own, kiln] = result.accounts;
    expect(kiln).toMatchObject({
      followers: 1030,
      followerGrowth: 30,
      growthSinceDay: "2026-11-02",
      posts: 4,
      postsPerWeek: 4,
      medianEngagement: {
        IMAGE: { median: 61, posts: 2 },
        CAROUSEL_ALBUM: { median: null, posts: 0 },
        REELS: { median: 30, posts: 1 },
      },
    });
    // One day read: no growth yet.
    expect(own).toMatchObject({ followers: 500, followerGrowth: null });
    // Best posts of the period only, hidden likes left out.
    expect(result.bestPosts.map((entry) => entry.engagement)).toEqual([110, 30, 12]);
  });

  it("counts posts a week over the days the stored posts reach when they do not cover the period", () => {
    const rows = [account("c", "kiln.and.kettle")];
    const posts = [post("c", 29), post("c", 28), post("c", 27), post("c", 26)];
    const result = compareAccounts({
      rows,
      snapshots: [snapshot("c", "2026-11-30", 1000)],
      posts,
      since,
      days: 30,
      paused: new Set(["c"]),
      pausedReason: "Paused.",
    });
    expect(result.accounts[0]).toMatchObject({
      posts: 4,
      postsPerWeek: 7,
      postsCoveredFrom: "2026-11-27",
      pausedReason: "Paused.",
    });
  });

  it("lists hashtags the competitors used in the period that none of the account's posts carry", () => {
    const rows = [
      account("own", "lena.makes", true),
      account("a", "kiln.and.kettle"),
      account("b", "harbor.clayworks"),
    ];
    const gaps = hashtagGaps(
      rows,
      [
        post("own", -40, { caption: "Old post #Pottery" }),
        post("own", 2, { caption: "#ceramics" }),
        post("a", 2, { caption: "#pottery #Woodfired #woodfired" }),
        post("a", 3, { caption: "#woodfired #kilnandkettle" }),
        post("b", 4, { caption: "#woodfired #ceramics" }),
        post("b", -5, { caption: "#beforetheperiod" }),
      ],
      since,
    );
    expect(gaps).toEqual([
      { tag: "woodfired", posts: 3, usernames: ["harbor.clayworks", "kiln.and.kettle"] },
      { tag: "kilnandkettle", posts: 1, usernames: ["kiln.and.kettle"] },
    ]);
  });
});
