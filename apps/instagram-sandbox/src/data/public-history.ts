import { numericId, shortcode } from "../core/ids.ts";
import { createRng, hashUnit, type Rng } from "../core/prng.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../core/time.ts";
import type { PublicAccount, PublicMedia } from "./types.ts";

/**
 * The public accounts' lives as Business Discovery sees them (§7.1, issue 34 point 4): a posting
 * history that goes on after the world's anchor day, likes and comments that grow as a post
 * ages, and followers that move day by day, so a daily read shows growth and new posts.
 * Everything comes from the world's seed, the anchor day and the time asked about: nothing is
 * stored, and two sandboxes of the same seed answer the same numbers at the same moment.
 */

/** How far the history reaches either side of the anchor day. */
const HISTORY_BEFORE_MS = 180 * DAY_MS;
const HISTORY_AFTER_MS = 400 * DAY_MS;
/** Likes and comments approach their final number with this time constant. */
const ENGAGEMENT_RAMP_MS = 18 * HOUR_MS;

type Habits = {
  /** Median gap between two posts. */
  gapMs: number;
  /** Weights of image, carousel and reel. */
  formats: ReadonlyArray<readonly [PublicMedia["productType"] | "CAROUSEL", number]>;
  /** Median likes per follower, and each format's pull. */
  likeRate: number;
  formatPull: { IMAGE: number; CAROUSEL_ALBUM: number; VIDEO: number };
  /** Followers gained a day, as a share of the anchor day's followers. */
  dailyGrowth: number;
  /** The hours (UTC) this account usually posts at. */
  hours: readonly number[];
  signature: string;
};

const captionLines: Record<PublicAccount["voice"], readonly string[]> = {
  ceramics: [
    "Fresh out of the kiln ✨",
    "New mugs in the shop",
    "Glaze day",
    "Studio Sunday",
    "Trimming feet all afternoon",
    "Restock drops Friday at 6pm",
    "How we pack every order",
    "A glaze test that surprised us",
    "Wheel day, slow and steady",
    "The last kiln of the month",
  ],
  coffee: [
    "New arrival: washed Ethiopia ☕",
    "Weekend pour-over",
    "Roast day",
    "Latte art practice",
    "Cupping notes from this week",
    "Cold brew is back",
    "Meet the farmers behind this lot",
    "Dialling in the new espresso",
  ],
  bakery: [
    "Morning bake",
    "Croissant lamination",
    "Rye day",
    "Shaping the weekend loaves",
    "Scoring practice",
    "Fresh from the oven",
  ],
  lifestyle: [
    "Slow Sunday",
    "New linen collection",
    "Morning light",
    "Textures of the season",
    "A quiet corner",
  ],
};

const hashtagPools: Record<PublicAccount["voice"], readonly string[]> = {
  ceramics: [
    "#ceramics",
    "#pottery",
    "#handmadeceramics",
    "#stoneware",
    "#glaze",
    "#potterystudio",
    "#wheelthrown",
    "#functionalpottery",
    "#kilnlife",
    "#clayart",
    "#porcelain",
    "#woodfired",
    "#ceramicmugs",
    "#makersmovement",
    "#handmadehome",
  ],
  coffee: [
    "#specialtycoffee",
    "#pourover",
    "#v60",
    "#coffeeroaster",
    "#latteart",
    "#singleorigin",
    "#coffeetime",
    "#cuppingnotes",
    "#homebarista",
    "#coldbrew",
    "#roastery",
    "#coffeecommunity",
  ],
  bakery: [
    "#sourdough",
    "#realbread",
    "#bakery",
    "#breadbaking",
    "#croissant",
    "#wildyeast",
    "#laminateddough",
    "#ryebread",
    "#bakersofinstagram",
  ],
  lifestyle: [
    "#slowliving",
    "#handmadehome",
    "#interiors",
    "#linen",
    "#naturaltextiles",
    "#simplelife",
    "#homedecor",
  ],
};

function habitsOf(seed: number, account: PublicAccount): Habits {
  const rng = createRng(seed, "public-history", account.username, "habits");
  const reelWeight = rng.int(1, 6);
  const firstHour = rng.int(6, 12);
  return {
    gapMs: Math.round(rng.float(1.1, 3.4) * DAY_MS),
    formats: [
      ["FEED", rng.int(2, 6)],
      ["CAROUSEL", rng.int(1, 5)],
      ["REELS", reelWeight],
    ],
    likeRate: rng.float(0.018, 0.05),
    formatPull: {
      IMAGE: 1,
      CAROUSEL_ALBUM: rng.float(1, 1.5),
      VIDEO: rng.float(0.9, 1.9),
    },
    dailyGrowth: rng.float(-0.0004, 0.004),
    hours: [firstHour, firstHour + rng.int(3, 6), firstHour + rng.int(7, 10)],
    signature: `#${account.username.replace(/[^a-z0-9]/g, "")}`,
  };
}

function captionFor(rng: Rng, account: PublicAccount, habits: Habits): string {
  const line = rng.pick(captionLines[account.voice]);
  const tags = rng.shuffle(hashtagPools[account.voice]).slice(0, rng.int(2, 5));
  if (rng.chance(0.5)) tags.push(habits.signature);
  return `${line} ${tags.join(" ")}`;
}

/** A post's whole life; its likes and comments at a moment come from `engagementAt`. */
type HistoryPost = Omit<PublicMedia, "likeCount" | "commentsCount" | "viewCount"> & {
  finalLikes: number;
  finalComments: number;
  viewsPerLike: number | undefined;
};

const timelines = new Map<string, HistoryPost[]>();

/** Every post from 180 days before the anchor to 400 days after, oldest first. */
function timelineOf(seed: number, anchorDay: number, account: PublicAccount): HistoryPost[] {
  const key = `${seed}\u0001${anchorDay}\u0001${account.username}\u0001${account.followersCount}`;
  const cached = timelines.get(key);
  if (cached) return cached;
  const habits = habitsOf(seed, account);
  const rng = createRng(seed, "public-history", account.username, "posts");
  const posts: HistoryPost[] = [];
  let day = anchorDay - HISTORY_BEFORE_MS;
  while (day < anchorDay + HISTORY_AFTER_MS) {
    const dayStart = Math.floor(day / DAY_MS) * DAY_MS;
    const timestamp =
      dayStart +
      rng.pick(habits.hours) * HOUR_MS +
      rng.int(0, 59) * MINUTE_MS +
      rng.int(0, 59) * 1000;
    const format = rng.weighted(habits.formats);
    const mediaType =
      format === "REELS"
        ? ("VIDEO" as const)
        : format === "CAROUSEL"
          ? ("CAROUSEL_ALBUM" as const)
          : ("IMAGE" as const);
    const finalLikes = Math.max(
      3,
      Math.round(
        account.followersCount *
          rng.logNormal(habits.likeRate, 0.45) *
          habits.formatPull[mediaType],
      ),
    );
    posts.push({
      id: numericId(rng, "179", 17),
      caption: captionFor(rng, account, habits),
      mediaType,
      productType: format === "REELS" ? "REELS" : "FEED",
      timestamp,
      shortcode: shortcode(rng),
      finalLikes,
      finalComments: Math.max(0, Math.round(finalLikes * rng.float(0.008, 0.05))),
      viewsPerLike: format === "REELS" ? rng.float(8, 25) : undefined,
      likesHidden: rng.chance(0.04),
      art: rng.int(0, 2 ** 31),
    });
    // One post a day at most, so the history is in order whatever the hours drawn.
    day = dayStart + Math.max(DAY_MS, Math.round(rng.logNormal(habits.gapMs, 0.5)));
  }
  timelines.set(key, posts);
  return posts;
}

function engagementAt(post: HistoryPost, now: number): PublicMedia {
  const ramp = 1 - Math.exp(-Math.max(0, now - post.timestamp) / ENGAGEMENT_RAMP_MS);
  const likeCount = Math.round(post.finalLikes * ramp);
  const { finalLikes: _likes, finalComments, viewsPerLike, ...rest } = post;
  return {
    ...rest,
    likeCount,
    commentsCount: Math.round(finalComments * ramp),
    ...(viewsPerLike === undefined ? {} : { viewCount: Math.round(likeCount * viewsPerLike) }),
  };
}

/** The account's posts published by `now`, newest first, with their numbers at `now`. */
export function publicMediaAt(
  seed: number,
  anchorDay: number,
  account: PublicAccount,
  now: number,
): PublicMedia[] {
  const posts: PublicMedia[] = [];
  for (const post of timelineOf(seed, anchorDay, account)) {
    if (post.timestamp <= now) posts.push(engagementAt(post, now));
  }
  return posts.reverse();
}

/** One UTC day's change in followers: mostly gains at the account's pace, some days a loss. */
function dailyChange(seed: number, account: PublicAccount, habits: Habits, day: number): number {
  const wobble = hashUnit(seed, "public-followers", account.username, day);
  return Math.round(account.followersCount * habits.dailyGrowth * (wobble * 2.2 - 0.3));
}

/**
 * Followers on the UTC day of `now`: `followersCount` is the anchor day's number, and each
 * day since (or before) adds (or takes back) that day's change. Constant within a day.
 */
export function publicFollowersAt(
  seed: number,
  anchorDay: number,
  account: PublicAccount,
  now: number,
): number {
  const habits = habitsOf(seed, account);
  const days = Math.floor((now - anchorDay) / DAY_MS);
  const anchorIndex = Math.floor(anchorDay / DAY_MS);
  let followers = account.followersCount;
  if (days > 0) {
    for (let day = 1; day <= days; day++)
      followers += dailyChange(seed, account, habits, anchorIndex + day);
  } else {
    for (let day = days + 1; day <= 0; day++)
      followers -= dailyChange(seed, account, habits, anchorIndex + day);
  }
  return Math.max(0, followers);
}

/**
 * Posts on the profile at `now`: `mediaCount` was the anchor's count, and posts published
 * since add to it (posts of the history after `now` but before the anchor take away).
 */
export function publicMediaCountAt(
  seed: number,
  anchorDay: number,
  account: PublicAccount,
  now: number,
): number {
  let count = account.mediaCount;
  for (const post of timelineOf(seed, anchorDay, account)) {
    if (post.timestamp > anchorDay && post.timestamp <= now) count += 1;
    else if (post.timestamp > now && post.timestamp <= anchorDay) count -= 1;
  }
  return Math.max(0, count);
}
