import { createRng, hashUnit, type Rng } from "../core/prng.ts";
import { DAY_MS, HOUR_MS } from "../core/time.ts";
import { type AccountProfile, ageBuckets } from "./profiles.ts";
import type { Account, MediaRecord, MediaStats, ProductType } from "./types.ts";

/**
 * The statistics model. Post metrics reach their final values along a growth curve driven by
 * the clock, so the same post shows growing insights over its first days (and API-published posts
 * "come alive"). Account metrics are sums of what posts gained that day plus a baseline.
 */

/** Share of a post's lifetime metrics reached `ageMs` after publishing. */
export function growth(ageMs: number, productType: ProductType): number {
  if (ageMs <= 0) return 0;
  const tauHours = productType === "REELS" ? 30 : productType === "STORY" ? 5 : 14;
  return 1 - Math.exp(-ageMs / (tauHours * HOUR_MS));
}

/** Deterministic per-day noise in [1 - spread, 1 + spread]. */
export function dayNoise(
  seed: number,
  key: string,
  day: number,
  salt: string,
  spread = 0.2,
): number {
  return 1 - spread + 2 * spread * hashUnit(seed, key, Math.floor(day / DAY_MS), salt);
}

/**
 * Followers over time: a gently accelerating curve over the generated year, continuing at the
 * final slope after the anchor day so a sandbox running for weeks keeps growing.
 */
export function followersAt(account: Account, anchorDay: number, at: number): number {
  const days = (at - anchorDay) / DAY_MS;
  const start = account.followersYearAgo;
  const end = account.followersAtAnchor;
  if (days <= -365) return start;
  if (days <= 0) return Math.round(start + (end - start) * ((days + 365) / 365) ** 1.3);
  const slopePerDay = ((end - start) * 1.3) / 365;
  return Math.round(end + slopePerDay * days);
}

const weekdayFactor = [0.9, 1.0, 1.08, 1.1, 1.06, 0.97, 0.88];

/** Audience activity by local hour: quiet nights, a morning ramp, lunch, an evening peak. */
export function activityCurve(localHour: number): number {
  const hour = ((localHour % 24) + 24) % 24;
  const morning = Math.exp(-((hour - 8.5) ** 2) / 6) * 0.35;
  const lunch = Math.exp(-((hour - 12.5) ** 2) / 3) * 0.3;
  const evening = Math.exp(-((hour - 20) ** 2) / 7) * 0.6;
  return 0.05 + morning + lunch + evening;
}

function audienceActivityAtUtcHour(profile: AccountProfile, utcHour: number): number {
  return profile.audienceZones.reduce(
    (sum, [offset, weight]) => sum + weight * activityCurve(utcHour + offset),
    0,
  );
}

export function generatePostStats(
  rng: Rng,
  profile: AccountProfile,
  productType: ProductType,
  mediaType: MediaRecord["mediaType"],
  followers: number,
  timestamp: number,
  durationMs: number | undefined,
): MediaStats {
  const date = new Date(timestamp);
  const hourFactor = 0.8 + 0.45 * audienceActivityAtUtcHour(profile, date.getUTCHours());
  // Log-normal reach around the account's typical share of followers.
  let reach =
    followers *
    profile.reachRate *
    weekdayFactor[date.getUTCDay()]! *
    hourFactor *
    rng.logNormal(1, 0.42);
  if (productType === "REELS") {
    reach *= rng.float(1.5, 3);
    if (rng.chance(0.04)) reach *= rng.float(3, 8); // the occasional reel that travels
  }
  if (mediaType === "CAROUSEL_ALBUM") reach *= 1.1;
  if (productType === "STORY") reach *= 0.35;
  reach = Math.max(3, Math.round(reach));
  const viewsPerReach =
    productType === "REELS"
      ? rng.float(1.8, 3.2)
      : mediaType === "CAROUSEL_ALBUM"
        ? rng.float(1.6, 2.4)
        : rng.float(1.15, 1.6);
  const likes =
    productType === "STORY" ? 0 : Math.round(reach * rng.logNormal(profile.likeRate, 0.3));
  const saveRate = mediaType === "CAROUSEL_ALBUM" ? 0.18 : productType === "REELS" ? 0.11 : 0.07;
  const shareRate = productType === "REELS" ? 0.08 : 0.025;
  const stats: MediaStats = {
    reach,
    views: Math.round(reach * viewsPerReach),
    likes,
    saves: productType === "STORY" ? 0 : Math.round(likes * saveRate * rng.logNormal(1, 0.3)),
    shares: Math.round(Math.max(likes, reach * 0.02) * shareRate * rng.logNormal(1, 0.4)),
    follows: Math.round(reach * (productType === "REELS" ? 0.004 : 0.0015) * rng.logNormal(1, 0.5)),
    profileVisits: Math.round(reach * 0.025 * rng.logNormal(1, 0.3)),
    reposts: Math.round(likes * 0.004 * rng.logNormal(1, 0.5)),
    replies: productType === "STORY" ? Math.round(reach * 0.01 * rng.logNormal(1, 0.4)) : 0,
  };
  if (productType === "REELS" && durationMs !== undefined) {
    stats.avgWatchMs = Math.round(durationMs * rng.float(0.35, 0.7));
    stats.skipRate = Math.round(rng.float(22, 55) * 10) / 10;
  }
  return stats;
}

/** Metrics as they stand at `now`. */
export function statsAt(media: MediaRecord, now: number): MediaStats {
  const share = growth(now - media.timestamp, media.productType);
  const scaled: MediaStats = {
    reach: Math.round(media.stats.reach * share),
    views: Math.round(media.stats.views * share),
    likes: Math.round(media.stats.likes * share),
    saves: Math.round(media.stats.saves * share),
    shares: Math.round(media.stats.shares * share),
    follows: Math.round(media.stats.follows * share),
    profileVisits: Math.round(media.stats.profileVisits * share),
    reposts: Math.round(media.stats.reposts * share),
    replies: Math.round(media.stats.replies * share),
  };
  if (media.stats.avgWatchMs !== undefined) scaled.avgWatchMs = media.stats.avgWatchMs;
  if (media.stats.skipRate !== undefined) scaled.skipRate = media.stats.skipRate;
  return scaled;
}

export type DailyAccountMetrics = {
  reach: number;
  views: number;
  likes: number;
  comments: number;
  saves: number;
  shares: number;
  replies: number;
  reposts: number;
  totalInteractions: number;
  accountsEngaged: number;
  follows: number;
  unfollows: number;
  profileLinksTaps: Record<string, number>;
  /** §12.4: still answered as total_value metrics in live runs. */
  profileViews: number;
  websiteClicks: number;
  byProduct: Record<
    "FEED" | "REELS" | "STORY",
    {
      reach: number;
      views: number;
      likes: number;
      comments: number;
      saves: number;
      shares: number;
      interactions: number;
    }
  >;
  reachFollowers: number;
};

export type AccountDayInput = {
  seed: number;
  account: Account;
  profile: AccountProfile;
  anchorDay: number;
  /** The account's media, newest first. */
  media: readonly MediaRecord[];
  /** Comments by others on the account's media within [from, to). */
  countComments(from: number, to: number, productType: ProductType): number;
};

const contactButtons = [
  "BOOK_NOW",
  "CALL",
  "DIRECTION",
  "EMAIL",
  "INSTANT_EXPERIENCE",
  "TEXT",
  "UNDEFINED",
];

export function dailyAccountMetrics(input: AccountDayInput, dayStart: number): DailyAccountMetrics {
  const { seed, account, anchorDay, media } = input;
  const dayEnd = dayStart + DAY_MS;
  const empty = () => ({
    reach: 0,
    views: 0,
    likes: 0,
    comments: 0,
    saves: 0,
    shares: 0,
    interactions: 0,
  });
  const byProduct = { FEED: empty(), REELS: empty(), STORY: empty() };
  for (const post of media) {
    if (post.timestamp >= dayEnd) continue;
    if (post.timestamp < dayStart - 10 * DAY_MS) break;
    const gained =
      growth(dayEnd - post.timestamp, post.productType) -
      growth(dayStart - post.timestamp, post.productType);
    const bucket = byProduct[post.productType];
    bucket.reach += post.stats.reach * gained;
    bucket.views += post.stats.views * gained;
    bucket.likes += post.stats.likes * gained;
    bucket.saves += post.stats.saves * gained;
    bucket.shares += post.stats.shares * gained;
  }
  for (const product of ["FEED", "REELS", "STORY"] as const) {
    const bucket = byProduct[product];
    bucket.comments = input.countComments(dayStart, dayEnd, product);
    bucket.reach = Math.round(bucket.reach * 0.85);
    bucket.views = Math.round(bucket.views);
    bucket.likes = Math.round(bucket.likes);
    bucket.saves = Math.round(bucket.saves);
    bucket.shares = Math.round(bucket.shares);
    bucket.interactions = bucket.likes + bucket.comments + bucket.saves + bucket.shares;
  }
  const followers = followersAt(account, anchorDay, dayStart);
  // Stories, profile visits and older posts keep a baseline even on days without posts.
  const baseline = followers * 0.045 * dayNoise(seed, account.igUserId, dayStart, "baseline");
  byProduct.STORY.reach += Math.round(baseline * 0.6);
  byProduct.STORY.views += Math.round(baseline * 0.9);
  byProduct.FEED.reach += Math.round(baseline * 0.4);
  byProduct.FEED.views += Math.round(baseline * 0.7);
  const reach = byProduct.FEED.reach + byProduct.REELS.reach + byProduct.STORY.reach;
  const views = byProduct.FEED.views + byProduct.REELS.views + byProduct.STORY.views;
  const likes = byProduct.FEED.likes + byProduct.REELS.likes;
  const comments = byProduct.FEED.comments + byProduct.REELS.comments;
  const saves = byProduct.FEED.saves + byProduct.REELS.saves;
  const shares = byProduct.FEED.shares + byProduct.REELS.shares + byProduct.STORY.shares;
  const replies = Math.round(
    baseline * 0.004 * dayNoise(seed, account.igUserId, dayStart, "replies", 0.5),
  );
  const reposts = Math.round(shares * 0.05);
  const net = followersAt(account, anchorDay, dayEnd) - followers;
  const unfollows =
    Math.round(
      Math.max(0, net) * 0.3 * dayNoise(seed, account.igUserId, dayStart, "unfollows", 0.4),
    ) + (hashUnit(seed, account.igUserId, dayStart, "u0") < 0.5 ? 1 : 0);
  const follows = Math.max(0, net + unfollows);
  const taps = Math.round(reach * 0.004 * dayNoise(seed, account.igUserId, dayStart, "taps", 0.4));
  const profileLinksTaps: Record<string, number> = {};
  const shares_ = [0.08, 0.05, 0.12, 0.1, 0, 0.03, 0.62];
  contactButtons.forEach((button, index) => {
    profileLinksTaps[button] = Math.round(taps * shares_[index]!);
  });
  const totalInteractions = likes + comments + saves + shares + replies;
  const profileViews = Math.round(
    reach * 0.025 * dayNoise(seed, account.igUserId, dayStart, "profile-views", 0.3),
  );
  const websiteClicks = Math.round(
    profileViews * 0.06 * dayNoise(seed, account.igUserId, dayStart, "website", 0.5),
  );
  return {
    profileViews,
    websiteClicks,
    reach,
    views,
    likes,
    comments,
    saves,
    shares,
    replies,
    reposts,
    totalInteractions,
    accountsEngaged: Math.round(totalInteractions * 0.72),
    follows,
    unfollows,
    profileLinksTaps,
    byProduct,
    reachFollowers: Math.round(
      reach * (0.38 + 0.12 * hashUnit(seed, account.igUserId, dayStart, "ff")),
    ),
  };
}

/** §3.3 `online_followers`: followers online per UTC hour on a given day. */
export function onlineFollowers(
  seed: number,
  account: Account,
  profile: AccountProfile,
  anchorDay: number,
  dayStart: number,
): Record<string, number> {
  const followers = followersAt(account, anchorDay, dayStart);
  const weekend = [0, 6].includes(new Date(dayStart).getUTCDay()) ? 1.08 : 1;
  const values: Record<string, number> = {};
  for (let hour = 0; hour < 24; hour++) {
    const activity = profile.audienceZones.reduce(
      (sum, [offset, weight]) => sum + weight * activityCurve(hour + offset),
      0,
    );
    values[String(hour)] = Math.round(
      followers *
        0.55 *
        activity *
        weekend *
        dayNoise(seed, account.igUserId, dayStart + hour * HOUR_MS, "online", 0.06),
    );
  }
  return values;
}

export type DemographicDimension = "age" | "gender" | "country" | "city";

/**
 * Audience shares with small, seed-dependent jitter so different seeds give different (but
 * equally plausible) audiences. Values sum to 1 within each dimension.
 */
export function audienceShares(
  seed: number,
  profile: AccountProfile,
  dimensions: readonly DemographicDimension[],
  engaged: boolean,
): Array<{ keys: string[]; share: number }> {
  const rng = createRng(
    seed,
    profile.key,
    "audience",
    engaged ? "engaged" : "followers",
    dimensions.join(","),
  );
  const jitter = () => rng.float(0.85, 1.15);
  const rows: Array<{ keys: string[]; share: number }> = [];
  if (dimensions.includes("age") || dimensions.includes("gender")) {
    for (const gender of ["F", "M", "U"] as const) {
      ageBuckets.forEach((bucket, index) => {
        let share = profile.ages[gender][index]! * jitter();
        // Engaged audiences skew a little younger than follower bases.
        if (engaged) share *= index <= 2 ? 1.15 : 0.85;
        if (share > 0) rows.push({ keys: [bucket, gender], share });
      });
    }
    const byKey = new Map<string, number>();
    for (const row of rows) {
      const key =
        dimensions.length === 2
          ? `${row.keys[0]}|${row.keys[1]}`
          : dimensions[0] === "age"
            ? row.keys[0]!
            : row.keys[1]!;
      byKey.set(key, (byKey.get(key) ?? 0) + row.share);
    }
    return normalise([...byKey].map(([key, share]) => ({ keys: key.split("|"), share })));
  }
  if (dimensions[0] === "city") {
    // Only the biggest cities are listed; their shares stay shares of the whole audience.
    return profile.cities
      .map(([key, share]) => ({ keys: [key], share: share * jitter() }))
      .sort((a, b) => b.share - a.share);
  }
  return normalise(
    profile.countries.map(([key, share]) => ({ keys: [key], share: share * jitter() })),
  );
}

function normalise(rows: Array<{ keys: string[]; share: number }>) {
  const total = rows.reduce((sum, row) => sum + row.share, 0) || 1;
  return rows
    .map((row) => ({ keys: row.keys, share: row.share / total }))
    .sort((a, b) => b.share - a.share);
}
