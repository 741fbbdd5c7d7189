import { captionHashtags } from "@sightline/contracts";
import type { CompetitorPostRow, CompetitorRow, CompetitorSnapshotRow } from "@sightline/db";

/**
 * The side-by-side comparison (issue 34 point 1), from the stored Business Discovery reads only:
 * every figure is one Instagram answered at a daily read, or a count or median of such answers.
 */

const DAY_MS = 86_400_000;

export const postFormats = ["IMAGE", "CAROUSEL_ALBUM", "REELS"] as const;
export type PostFormat = (typeof postFormats)[number];

export function formatOf(post: Pick<CompetitorPostRow, "mediaType" | "productType">): PostFormat {
  if (post.productType === "REELS" || post.mediaType === "VIDEO") return "REELS";
  return post.mediaType === "CAROUSEL_ALBUM" ? "CAROUSEL_ALBUM" : "IMAGE";
}

/** Likes plus comments, as Instagram counted them; null when likes are hidden. */
export function engagementOf(post: Pick<CompetitorPostRow, "likeCount" | "commentsCount">) {
  return post.likeCount === null ? null : post.likeCount + (post.commentsCount ?? 0);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

export type ComparedPost = {
  id: string;
  username: string;
  caption: string;
  format: PostFormat;
  permalink: string | null;
  postedAt: string;
  likeCount: number | null;
  commentsCount: number | null;
  viewCount: number | null;
  engagement: number | null;
};

export type ComparedAccount = {
  id: string;
  username: string;
  name: string | null;
  isOwn: boolean;
  lastReadAt: string | null;
  lastError: string | null;
  pausedReason: string | null;
  /** The newest read's numbers. */
  followers: number | null;
  mediaCount: number | null;
  /** Followers on each day read in the period, oldest first. */
  followerSeries: Array<{ day: string; followers: number }>;
  /** Newest minus the first read of the period (null with fewer than two days read). */
  followerGrowth: number | null;
  growthSinceDay: string | null;
  /** Posts published in the period among those read, and per week. */
  posts: number;
  postsPerWeek: number;
  /** The period's first day the stored posts reach back to (later than its start: a partial count). */
  postsCoveredFrom: string | null;
  medianEngagement: Record<PostFormat, { median: number | null; posts: number }>;
};

function postView(post: CompetitorPostRow, username: string): ComparedPost {
  return {
    id: post.mediaId,
    username,
    caption: post.caption,
    format: formatOf(post),
    permalink: post.permalink,
    postedAt: post.postedAt.toISOString(),
    likeCount: post.likeCount,
    commentsCount: post.commentsCount,
    viewCount: post.viewCount,
    engagement: engagementOf(post),
  };
}

export function compareAccounts(input: {
  rows: CompetitorRow[];
  snapshots: CompetitorSnapshotRow[];
  /** Every stored post of the rows (the period's are picked here). */
  posts: CompetitorPostRow[];
  since: Date;
  days: number;
  paused: ReadonlySet<string>;
  pausedReason: string;
}) {
  const { rows, snapshots, posts, since, days } = input;
  const sinceDay = since.toISOString().slice(0, 10);
  const accounts: ComparedAccount[] = rows.map((row) => {
    const own = snapshots.filter((snapshot) => snapshot.competitorId === row.id);
    const series = own
      .filter((snapshot) => snapshot.followersCount !== null)
      .map((snapshot) => ({ day: snapshot.day, followers: snapshot.followersCount as number }));
    const newest = own.at(-1);
    const first = series[0];
    const last = series.at(-1);
    const stored = posts.filter((post) => post.competitorId === row.id);
    const inPeriod = stored.filter((post) => post.postedAt.getTime() >= since.getTime());
    const oldestStored = stored.at(-1)?.postedAt;
    const partial =
      oldestStored !== undefined &&
      oldestStored.getTime() > since.getTime() &&
      (newest?.mediaCount ?? 0) > stored.length;
    const medianEngagement = Object.fromEntries(
      postFormats.map((format) => {
        const values = inPeriod
          .filter((post) => formatOf(post) === format)
          .map(engagementOf)
          .filter((value): value is number => value !== null);
        return [format, { median: median(values), posts: values.length }];
      }),
    ) as ComparedAccount["medianEngagement"];
    return {
      id: row.id,
      username: row.username,
      name: row.name,
      isOwn: row.isOwn,
      lastReadAt: row.lastReadAt?.toISOString() ?? null,
      lastError: row.lastError,
      pausedReason: input.paused.has(row.id) ? input.pausedReason : null,
      followers: newest?.followersCount ?? null,
      mediaCount: newest?.mediaCount ?? null,
      followerSeries: series,
      followerGrowth: first && last && series.length > 1 ? last.followers - first.followers : null,
      growthSinceDay: series.length > 1 && first ? first.day : null,
      posts: inPeriod.length,
      // A partial count is a rate over the days the stored posts reach back to.
      postsPerWeek:
        Math.round(
          (inPeriod.length * 7 * 10) /
            (partial && oldestStored
              ? Math.max(1, (since.getTime() + days * DAY_MS - oldestStored.getTime()) / DAY_MS)
              : days),
        ) / 10,
      postsCoveredFrom:
        partial && oldestStored ? oldestStored.toISOString().slice(0, 10) : sinceDay,
      medianEngagement,
    };
  });
  const usernameOf = new Map(rows.map((row) => [row.id, row.username]));
  const periodPosts = posts.filter((post) => post.postedAt.getTime() >= since.getTime());
  const bestPosts = periodPosts
    .filter((post) => engagementOf(post) !== null)
    .sort((a, b) => (engagementOf(b) ?? 0) - (engagementOf(a) ?? 0))
    .slice(0, 6)
    .map((post) => postView(post, usernameOf.get(post.competitorId) ?? ""));
  return { accounts, bestPosts, hashtagGaps: hashtagGaps(rows, posts, since) };
}

/**
 * Hashtags the competitors used in the period that the account used in none of its stored
 * posts: how many of their posts carry each, and whose.
 */
export function hashtagGaps(rows: CompetitorRow[], posts: CompetitorPostRow[], since: Date) {
  const ownIds = new Set(rows.filter((row) => row.isOwn).map((row) => row.id));
  const usernameOf = new Map(rows.map((row) => [row.id, row.username]));
  const ownTags = new Set<string>();
  for (const post of posts) {
    if (!ownIds.has(post.competitorId)) continue;
    for (const tag of captionHashtags(post.caption)) ownTags.add(tag.toLowerCase());
  }
  const found = new Map<string, { posts: number; usernames: Set<string> }>();
  for (const post of posts) {
    if (ownIds.has(post.competitorId) || post.postedAt.getTime() < since.getTime()) continue;
    for (const tag of new Set(captionHashtags(post.caption).map((entry) => entry.toLowerCase()))) {
      if (ownTags.has(tag)) continue;
      const entry = found.get(tag) ?? { posts: 0, usernames: new Set<string>() };
      entry.posts += 1;
      entry.usernames.add(usernameOf.get(post.competitorId) ?? "");
      found.set(tag, entry);
    }
  }
  return [...found]
    .sort((a, b) => b[1].posts - a[1].posts || a[0].localeCompare(b[0]))
    .slice(0, 15)
    .map(([tag, entry]) => ({ tag, posts: entry.posts, usernames: [...entry.usernames].sort() }));
}
