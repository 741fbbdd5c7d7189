import type { GraphContext } from "../core/context.ts";
import { DAY_MS, formatGraphTime, startOfUtcDay } from "../core/time.ts";
import { type AgeBucket, ageBuckets } from "../data/profiles.ts";
import {
  audienceShares,
  type DailyAccountMetrics,
  type DemographicDimension,
  dailyAccountMetrics,
  followersAt,
  onlineFollowers,
  statsAt,
} from "../data/stats.ts";
import type { Account, MediaRecord, ProductType } from "../data/types.ts";
import { graphError, invalidParameter, missingParameter } from "../http/graph-fault.ts";
import { intParam, stringParam } from "../http/params.ts";
import { requireCapability } from "./auth.ts";
import { graphUrl } from "./render.ts";

const titles: Record<string, [string, string]> = {
  views: ["Views", "The number of times your content was played or displayed."],
  reach: [
    "Accounts reached",
    "The number of unique accounts that have seen your content, at least once.",
  ],
  likes: ["Likes", "The number of likes on your posts, reels and videos."],
  comments: ["Comments", "The number of comments on your posts, reels, videos and live videos."],
  saved: ["Saved", "The number of saves of your post, reel or video."],
  saves: ["Saves", "The number of saves of your posts, reels and videos."],
  shares: ["Shares", "The number of shares of your posts, stories, reels, videos and live videos."],
  total_interactions: [
    "Interactions",
    "The total number of post interactions, story interactions, reels interactions, video interactions and live video interactions.",
  ],
  reposts: ["Reposts", "The number of times your content was reposted."],
  follows: ["Follows", "The number of accounts that started following you."],
  profile_visits: ["Profile visits", "The number of times your profile was visited."],
  profile_activity: [
    "Profile activity",
    "The number of actions people took when they visited your profile after engaging with your post.",
  ],
  ig_reels_avg_watch_time: [
    "Average watch time",
    "The average amount of time spent playing your reel.",
  ],
  ig_reels_video_view_total_time: [
    "Watch time",
    "The total amount of time your reel was played, including replays.",
  ],
  reels_skip_rate: [
    "Skip rate",
    "The percentage of views in which your reel was swiped away within the first 3 seconds.",
  ],
  replies: [
    "Replies",
    "The number of replies you received from your story, including text replies and quick reaction replies.",
  ],
  navigation: ["Navigation", "The total number of actions taken from your story."],
  accounts_engaged: [
    "Accounts engaged",
    "The number of accounts that have interacted with your content, including in ads.",
  ],
  profile_links_taps: [
    "Profile links taps",
    "The number of taps on your business address, call button, email button and text button.",
  ],
  follows_and_unfollows: [
    "Follows and unfollows",
    "The number of accounts that followed you and the number of accounts that unfollowed you or left Instagram.",
  ],
  follower_count: ["Follower Count", "Total number of unique accounts following this profile"],
  online_followers: [
    "Online followers",
    "Total number of followers of this profile who were online during the specified range",
  ],
  follower_demographics: [
    "Follower demographics",
    "The demographic characteristics of followers, including countries, cities and gender distribution.",
  ],
  engaged_audience_demographics: [
    "Engaged audience demographics",
    "The demographic characteristics of the engaged audience, including countries, cities and gender distribution.",
  ],
};

function describe(name: string): { title: string; description: string } {
  const [title, description] = titles[name] ?? [name, ""];
  return { title, description };
}

const all: readonly ProductType[] = ["FEED", "REELS", "STORY"];
/** §3.2 — which metric exists for which product type. */
const mediaMetricMatrix: Record<string, readonly ProductType[]> = {
  views: all,
  reach: all,
  likes: ["FEED", "REELS"],
  comments: ["FEED", "REELS"],
  saved: ["FEED", "REELS"],
  shares: all,
  total_interactions: all,
  reposts: all,
  follows: ["FEED", "STORY"],
  profile_visits: ["FEED", "STORY"],
  profile_activity: ["FEED", "STORY"],
  ig_reels_avg_watch_time: ["REELS"],
  ig_reels_video_view_total_time: ["REELS"],
  reels_skip_rate: ["REELS"],
  replies: ["STORY"],
  navigation: ["STORY"],
  facebook_views: all,
  crossposted_views: ["REELS"],
  total_likes: ["FEED", "REELS"],
  total_comments: ["FEED", "REELS"],
  total_views: all,
  // §12.5: in Meta's live list of accepted metrics.
  link_clicks: ["FEED", "REELS"],
};

/** §12.5: what arrives at once for a new post; the rest (reach first) about an hour later. */
const FRESH_POST_MS = 60 * 60 * 1000;
const availableAtOnce = new Set(["views", "likes", "total_views", "total_likes"]);

/** §12.5: the retired `impressions` answers differently for pictures and for videos. */
function impressionsError(media: MediaRecord) {
  return media.mediaType === "VIDEO" || media.productType === "REELS"
    ? graphError(
        100,
        "(#100) The Media Insights API does not support the impressions metric for this media product type.",
      )
    : graphError(
        100,
        "(#100) Starting from v22.0, the impressions metric is no longer supported. Please use views instead.",
      );
}
const mediaBreakdowns: Record<string, string> = {
  profile_activity: "action_type",
  navigation: "story_navigation_action_type",
};

function invalidMetric(index: number, valid: readonly string[]) {
  return graphError(
    100,
    `(#100) metric[${index}] must be one of the following values: ${valid.join(", ")}`,
  );
}

function parseMetrics(ctx: GraphContext): string[] {
  const metric = stringParam(ctx.params, "metric");
  if (metric === undefined || metric.trim() === "") throw missingParameter("metric");
  return metric
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

function split(total: number, shares: readonly number[]): number[] {
  const sum = shares.reduce((a, b) => a + b, 0) || 1;
  return shares.map((share) => Math.round((total * share) / sum));
}

/** `GET /{media-id}/insights` (§3.2). */
export function mediaInsights(
  ctx: GraphContext,
  media: MediaRecord | undefined,
): Record<string, unknown> {
  requireCapability(ctx, "insights");
  if (!media) throw graphError(100, "(#100) Insights are not available for carousel children");
  const owner = ctx.core.store.accountById.get(media.accountId);
  if (owner?.professionalSince !== undefined && media.timestamp < owner.professionalSince) {
    // §12.6: seen from Meta as IGApiException, HTTP 400.
    throw graphError(100, "(#100) Media Posted Before Business Account Conversion", {
      subcode: 2108006,
      type: "IGApiException",
    });
  }
  const metrics = parseMetrics(ctx);
  const breakdown = stringParam(ctx.params, "breakdown");
  const known = Object.keys(mediaMetricMatrix);
  const now = ctx.now;
  if (media.productType === "STORY" && now - media.timestamp > DAY_MS) return { data: [] };
  const stats = statsAt(media, now);
  const comments = ctx.core.store.commentCount(media.id, now);
  const isFresh = now - media.timestamp < FRESH_POST_MS;
  const data = metrics.map((name, index) => {
    if (name === "impressions") throw impressionsError(media);
    const products = mediaMetricMatrix[name];
    if (!products) throw invalidMetric(index, known);
    if (!products.includes(media.productType)) {
      throw graphError(
        100,
        `(#100) The Media Insights API does not support the ${name} metric for this media product type.`,
      );
    }
    if (name === "facebook_views" || name === "crossposted_views") {
      throw graphError(
        100,
        `(#100) The ${name} metric is only available for media shared to Facebook.`,
      );
    }
    if (name.startsWith("total_") && name !== "total_interactions" && ctx.login === "instagram") {
      throw invalidMetric(
        index,
        known.filter((metric) => !metric.startsWith("total_") || metric === "total_interactions"),
      );
    }
    if (breakdown !== undefined && mediaBreakdowns[name] !== breakdown) {
      // §3.2: Meta answers a breakdown on a metric without one with a generic error.
      throw graphError(1, "An unknown error has occurred.", { subcode: 99 });
    }
    if (media.productType === "STORY" && stats.views < 5) {
      throw graphError(10, "(#10) Not enough viewers for the media to show insights");
    }
    let value: number;
    let breakdownResults: Array<{ dimension_values: string[]; value: number }> | undefined;
    switch (name) {
      case "views":
      case "total_views":
        value = stats.views;
        break;
      case "reach":
        value = stats.reach;
        break;
      case "likes":
      case "total_likes":
        value = stats.likes;
        break;
      case "comments":
      case "total_comments":
        value = comments;
        break;
      case "saved":
        value = stats.saves;
        break;
      case "shares":
        value = stats.shares;
        break;
      case "total_interactions":
        value =
          media.productType === "STORY"
            ? stats.replies + stats.shares
            : stats.likes + comments + stats.saves + stats.shares;
        break;
      case "reposts":
        value = stats.reposts;
        break;
      case "link_clicks":
        value = Math.round(stats.profileVisits * 0.18);
        break;
      case "follows":
        value = stats.follows;
        break;
      case "profile_visits":
        value = stats.profileVisits;
        break;
      case "profile_activity": {
        value = Math.round(stats.profileVisits * 0.22);
        const keys = ["BIO_LINK_CLICKED", "CALL", "DIRECTION", "EMAIL", "OTHER", "TEXT"];
        const values = split(value, [0.55, 0.04, 0.08, 0.08, 0.2, 0.05]);
        breakdownResults = keys.map((key, position) => ({
          dimension_values: [key],
          value: values[position]!,
        }));
        break;
      }
      case "ig_reels_avg_watch_time":
        value = stats.avgWatchMs ?? 0;
        break;
      case "ig_reels_video_view_total_time":
        value = (stats.avgWatchMs ?? 0) * stats.views;
        break;
      case "reels_skip_rate":
        value = stats.skipRate ?? 0;
        break;
      case "replies":
        value = stats.replies;
        break;
      default: {
        // navigation
        value = Math.round(stats.views * 0.9);
        const keys = ["TAP_FORWARD", "TAP_BACK", "TAP_EXIT", "SWIPE_FORWARD"];
        const values = split(value, [0.62, 0.08, 0.18, 0.12]);
        breakdownResults = keys.map((key, position) => ({
          dimension_values: [key],
          value: values[position]!,
        }));
      }
    }
    const entry: Record<string, unknown> = {
      name,
      period: "lifetime",
      values: [{ value }],
      ...describe(name),
      id: `${media.id}/insights/${name}/lifetime`,
    };
    if (breakdown !== undefined && breakdownResults) {
      entry.total_value = {
        value,
        breakdowns: [{ dimension_keys: [breakdown], results: breakdownResults }],
      };
    }
    return entry;
  });
  // §12.5: a new post has views and likes at once; the rest is missing (left out, not zero)
  // for about an hour.
  return {
    data: isFresh ? data.filter((entry) => availableAtOnce.has(String(entry.name))) : data,
  };
}

type AccountMetric = {
  periods: readonly string[];
  types: readonly ("total_value" | "time_series")[];
  breakdowns: readonly string[];
  needsFollowers?: boolean;
};

/** §3.3 — account metrics, their periods, metric types and breakdowns. */
const accountMetrics: Record<string, AccountMetric> = {
  reach: {
    // §12.4: live runs show reach also answering for week and days_28.
    periods: ["day", "week", "days_28"],
    types: ["time_series", "total_value"],
    breakdowns: ["media_product_type", "follow_type"],
  },
  views: {
    periods: ["day"],
    types: ["total_value"],
    breakdowns: ["follower_type", "follow_type", "media_product_type"],
  },
  accounts_engaged: { periods: ["day"], types: ["total_value"], breakdowns: [] },
  // §12.4: removed as time series, still answered as total_value in live runs.
  profile_views: { periods: ["day"], types: ["total_value"], breakdowns: [] },
  website_clicks: { periods: ["day"], types: ["total_value"], breakdowns: [] },
  total_interactions: {
    periods: ["day"],
    types: ["total_value"],
    breakdowns: ["media_product_type"],
  },
  likes: { periods: ["day"], types: ["total_value"], breakdowns: ["media_product_type"] },
  comments: { periods: ["day"], types: ["total_value"], breakdowns: ["media_product_type"] },
  saves: { periods: ["day"], types: ["total_value"], breakdowns: ["media_product_type"] },
  shares: { periods: ["day"], types: ["total_value"], breakdowns: ["media_product_type"] },
  replies: { periods: ["day"], types: ["total_value"], breakdowns: [] },
  reposts: { periods: ["day"], types: ["total_value"], breakdowns: [] },
  profile_links_taps: {
    periods: ["day"],
    types: ["total_value"],
    breakdowns: ["contact_button_type"],
  },
  follows_and_unfollows: {
    periods: ["day"],
    types: ["total_value"],
    breakdowns: ["follow_type"],
    needsFollowers: true,
  },
  follower_count: {
    periods: ["day"],
    types: ["time_series"],
    breakdowns: [],
    needsFollowers: true,
  },
  online_followers: {
    periods: ["lifetime"],
    types: ["time_series"],
    breakdowns: [],
    needsFollowers: true,
  },
  follower_demographics: {
    periods: ["lifetime"],
    types: ["total_value"],
    breakdowns: ["age", "city", "country", "gender"],
    needsFollowers: true,
  },
  engaged_audience_demographics: {
    periods: ["lifetime"],
    types: ["total_value"],
    breakdowns: ["age", "city", "country", "gender"],
  },
};
const removedAccountMetrics = new Set([
  "impressions",
  "email_contacts",
  "phone_call_clicks",
  "text_message_clicks",
  "get_directions_clicks",
]);

type Range = { since: number; until: number; days: number[] };

function range(ctx: GraphContext): Range {
  const sinceParam = intParam(ctx.params, "since");
  const untilParam = intParam(ctx.params, "until");
  const until = untilParam !== undefined ? untilParam * 1000 : ctx.now;
  const since = sinceParam !== undefined ? sinceParam * 1000 : until - DAY_MS;
  if (since >= until) throw invalidParameter("since must be before until");
  if (until - since > 30 * DAY_MS + 1000) {
    throw graphError(
      100,
      "(#100) There cannot be more than 30 days (2592000 s) between since and until",
    );
  }
  const days: number[] = [];
  for (let day = startOfUtcDay(since); day < until; day += DAY_MS) days.push(day);
  return { since, until, days };
}

function accountContext(ctx: GraphContext, account: Account) {
  const store = ctx.core.store;
  const profile = store.profile(account);
  const media = store.mediaByAccount.get(account.igUserId) ?? [];
  const cache = new Map<number, DailyAccountMetrics>();
  return (day: number): DailyAccountMetrics => {
    let metrics = cache.get(day);
    if (!metrics) {
      metrics = dailyAccountMetrics(
        {
          seed: store.dyn.seed,
          account,
          profile,
          anchorDay: store.dyn.anchorDay,
          media: media.filter((item) => item.timestamp <= ctx.now),
          countComments: (from, to, product) =>
            store.countCommentsBetween(
              account.igUserId,
              from,
              Math.min(to, ctx.now + 1),
              (comment) => store.media.get(comment.mediaId)?.productType === product,
            ),
        },
        day,
      );
      cache.set(day, metrics);
    }
    return metrics;
  };
}

function sumMetric(
  days: number[],
  metrics: (day: number) => DailyAccountMetrics,
  pick: (metrics: DailyAccountMetrics) => number,
): number {
  return days.reduce((sum, day) => sum + pick(metrics(day)), 0);
}

/**
 * Unique accounts over several days, as Meta counts reach and accounts engaged over a range:
 * people come back, so a range's figure is smaller than the sum of its days, never smaller than
 * its biggest day, and grows (or stays) as the range grows. Modelled as draws from two pools —
 * the followers (who come back often) and a non-follower pool twenty times larger — where each
 * day reaches its day's number of people at random: unique = P × (1 − Π(1 − r_d / P)).
 * One day gives that day's figure exactly.
 */
function uniqueAcross(
  days: number[],
  daily: (day: number) => DailyAccountMetrics,
  followers: number,
  pick: (metrics: DailyAccountMetrics) => { followers: number; others: number },
): { total: number; followers: number; others: number } {
  const followerPool = Math.max(1, followers);
  const otherPool = followerPool * 20;
  let missedFollowers = 1;
  let missedOthers = 1;
  for (const day of days) {
    const reached = pick(daily(day));
    missedFollowers *= 1 - Math.min(1, reached.followers / followerPool);
    missedOthers *= 1 - Math.min(1, reached.others / otherPool);
  }
  const fromFollowers = Math.round(followerPool * (1 - missedFollowers));
  const fromOthers = Math.round(otherPool * (1 - missedOthers));
  return { total: fromFollowers + fromOthers, followers: fromFollowers, others: fromOthers };
}

const reachSplit = (metrics: DailyAccountMetrics) => ({
  followers: metrics.reachFollowers,
  others: Math.max(0, metrics.reach - metrics.reachFollowers),
});
/** Engaged accounts are mostly followers: one pool. */
const engagedSplit = (metrics: DailyAccountMetrics) => ({
  followers: metrics.accountsEngaged,
  others: 0,
});

/** Reach for the period ending on `day`: one day, or the unique accounts of the last 7 / 28 days. */
function reachOver(
  period: string,
  day: number,
  daily: (day: number) => DailyAccountMetrics,
  followers: number,
): number {
  const span = period === "week" ? 7 : period === "days_28" ? 28 : 1;
  if (span === 1) return daily(day).reach;
  const days = Array.from({ length: span }, (_, back) => day - back * DAY_MS);
  return uniqueAcross(days, daily, followers, reachSplit).total;
}

/** `GET /{ig-user-id}/insights` (§3.3). */
export function accountInsights(ctx: GraphContext, account: Account): Record<string, unknown> {
  requireCapability(ctx, "insights");
  const metrics = parseMetrics(ctx);
  const period = stringParam(ctx.params, "period");
  const metricTypeParam = stringParam(ctx.params, "metric_type");
  const breakdownParam = stringParam(ctx.params, "breakdown");
  const timeframe = stringParam(ctx.params, "timeframe")?.toLowerCase();
  const known = Object.keys(accountMetrics);
  const store = ctx.core.store;
  const followers = followersAt(account, store.dyn.anchorDay, ctx.now);
  /*
   * The follower pool a range's unique counts are drawn from is the followers when the range
   * closed: a closed period's reach is a settled figure that does not move as the account gains
   * followers afterwards (with `now`, the same 28 days answered 119,401 and then 119,399).
   */
  const poolAt = (end: number) => followersAt(account, store.dyn.anchorDay, Math.min(end, ctx.now));
  const window = range(ctx);
  const daily = accountContext(ctx, account);
  const data: Array<Record<string, unknown>> = [];

  const totalValueOnly = metrics.filter((name) => {
    const definition = accountMetrics[name];
    return (
      definition && !definition.types.includes("time_series") && metricTypeParam !== "total_value"
    );
  });
  if (totalValueOnly.length > 0) {
    throw graphError(
      100,
      `(#100) The following metrics (${totalValueOnly.join(", ")}) should be specified with parameter metric_type=total_value`,
    );
  }

  for (const [index, name] of metrics.entries()) {
    if (removedAccountMetrics.has(name)) {
      throw graphError(
        100,
        `(#100) The metric ${name} is no longer supported. ${invalidMetric(index, known).message}`,
      );
    }
    const definition = accountMetrics[name];
    if (!definition) throw invalidMetric(index, known);
    if (period === undefined) throw missingParameter("period");
    if (!definition.periods.includes(period)) {
      throw graphError(
        100,
        `(#100) Incompatible period ${period} for metric ${name}; supported: ${definition.periods.join(", ")}`,
      );
    }
    const metricType = (metricTypeParam ?? definition.types[0]) as "time_series" | "total_value";
    if (!definition.types.includes(metricType)) {
      throw graphError(100, `(#100) metric_type ${metricType} is not supported for metric ${name}`);
    }
    // §3.3: a breakdown with time_series is silently dropped.
    const breakdown = metricType === "time_series" ? undefined : breakdownParam;
    const isDemographic = name.endsWith("_demographics");
    if (breakdown !== undefined && !isDemographic && !definition.breakdowns.includes(breakdown)) {
      throw graphError(100, `(#100) Breakdown ${breakdown} is not supported for metric ${name}`);
    }
    if (definition.needsFollowers && followers < 100) continue;
    const meta = {
      name,
      period,
      ...describe(name),
      id: `${account.igUserId}/insights/${name}/${period}`,
    };

    if (name === "follower_count" || (name === "reach" && metricType === "time_series")) {
      const oldest = startOfUtcDay(ctx.now) - 30 * DAY_MS;
      const values = window.days
        .filter((day) => name !== "follower_count" || day >= oldest)
        .map((day) => ({
          value:
            name === "follower_count"
              ? daily(day).follows
              : reachOver(period, day, daily, poolAt(day + DAY_MS)),
          end_time: formatGraphTime(day + DAY_MS),
        }));
      data.push({ ...meta, values });
      continue;
    }
    if (name === "online_followers") {
      const oldest = startOfUtcDay(ctx.now) - 30 * DAY_MS;
      const values = window.days
        .filter((day) => day >= oldest)
        .map((day) => ({
          value: onlineFollowers(
            store.dyn.seed,
            account,
            store.profile(account),
            store.dyn.anchorDay,
            day,
          ),
          end_time: formatGraphTime(day + DAY_MS),
        }));
      data.push({ ...meta, values });
      continue;
    }
    if (isDemographic) {
      const entry = demographics(
        ctx,
        account,
        name === "engaged_audience_demographics",
        breakdown,
        timeframe,
        daily,
      );
      if (entry) data.push({ ...meta, total_value: entry });
      continue;
    }
    // §12.4: follows_and_unfollows has no total_value unless broken down by follow_type.
    if (name === "follows_and_unfollows" && breakdown === undefined) {
      data.push(meta);
      continue;
    }
    data.push({
      ...meta,
      total_value: totalValue(name, breakdown, window.days, daily, poolAt(window.until)),
    });
  }
  const span = window.until - window.since;
  return {
    data,
    paging: {
      previous: graphUrl(ctx, ctx.path, {
        ...stringParams(ctx),
        since: String(Math.floor((window.since - span) / 1000)),
        until: String(Math.floor(window.since / 1000)),
      }),
      next: graphUrl(ctx, ctx.path, {
        ...stringParams(ctx),
        since: String(Math.floor(window.until / 1000)),
        until: String(Math.floor((window.until + span) / 1000)),
      }),
    },
  };
}

function stringParams(ctx: GraphContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(ctx.params)) {
    if (key !== "access_token" && typeof value === "string") out[key] = value;
  }
  return out;
}

function totalValue(
  name: string,
  breakdown: string | undefined,
  days: number[],
  daily: (day: number) => DailyAccountMetrics,
  followers: number,
) {
  const sum = (pick: (metrics: DailyAccountMetrics) => number) => sumMetric(days, daily, pick);
  const products = ["FEED", "REELS", "STORY"] as const;
  const byProduct = (pick: (bucket: DailyAccountMetrics["byProduct"]["FEED"]) => number) =>
    products.map((product) => ({
      dimension_values: [product],
      value: sum((metrics) => pick(metrics.byProduct[product])),
    }));
  let value: number;
  let results: Array<{ dimension_values: string[]; value: number }> | undefined;
  switch (name) {
    case "reach": {
      // Unique accounts over the range (never the sum of its days); a product's share of them
      // in proportion to its share of the daily reach.
      const unique = uniqueAcross(days, daily, followers, reachSplit);
      value = unique.total;
      const summed = sum((metrics) => metrics.reach) || 1;
      if (breakdown === "media_product_type")
        results = byProduct((bucket) => bucket.reach).map((row) => ({
          ...row,
          value: Math.round((row.value * unique.total) / summed),
        }));
      if (breakdown === "follow_type") {
        results = [
          { dimension_values: ["FOLLOWER"], value: unique.followers },
          { dimension_values: ["NON_FOLLOWER"], value: unique.others },
        ];
      }
      break;
    }
    case "views":
      value = sum((metrics) => metrics.views);
      if (breakdown === "media_product_type") results = byProduct((bucket) => bucket.views);
      if (breakdown === "follower_type" || breakdown === "follow_type") {
        const share = 0.46;
        results = [
          { dimension_values: ["FOLLOWER"], value: Math.round(value * share) },
          { dimension_values: ["NON_FOLLOWER"], value: value - Math.round(value * share) },
        ];
      }
      break;
    case "accounts_engaged":
      value = uniqueAcross(days, daily, followers, engagedSplit).total;
      break;
    case "total_interactions":
      value = sum((metrics) => metrics.totalInteractions);
      if (breakdown === "media_product_type") results = byProduct((bucket) => bucket.interactions);
      break;
    case "likes":
    case "comments":
    case "saves":
    case "shares": {
      const key = name as "likes" | "comments" | "saves" | "shares";
      value = sum((metrics) => metrics[key]);
      if (breakdown === "media_product_type") results = byProduct((bucket) => bucket[key]);
      break;
    }
    case "replies":
      value = sum((metrics) => metrics.replies);
      break;
    case "reposts":
      value = sum((metrics) => metrics.reposts);
      break;
    case "profile_views":
      value = sum((metrics) => metrics.profileViews);
      break;
    case "website_clicks":
      value = sum((metrics) => metrics.websiteClicks);
      break;
    case "profile_links_taps": {
      const keys = Object.keys(daily(days[0]!).profileLinksTaps);
      value = sum((metrics) => Object.values(metrics.profileLinksTaps).reduce((a, b) => a + b, 0));
      if (breakdown === "contact_button_type") {
        results = keys.map((key) => ({
          dimension_values: [key],
          value: sum((metrics) => metrics.profileLinksTaps[key] ?? 0),
        }));
      }
      break;
    }
    default: {
      // follows_and_unfollows
      const follows = sum((metrics) => metrics.follows);
      const unfollows = sum((metrics) => metrics.unfollows);
      value = follows + unfollows;
      if (breakdown === "follow_type") {
        results = [
          { dimension_values: ["FOLLOWER"], value: follows },
          // §12.4: the buckets seen live are FOLLOWER and NON_FOLLOWER only.
          { dimension_values: ["NON_FOLLOWER"], value: unfollows },
        ];
      }
    }
  }
  return {
    value,
    ...(results && breakdown !== undefined
      ? { breakdowns: [{ dimension_keys: [breakdown], results }] }
      : {}),
  };
}

function demographics(
  ctx: GraphContext,
  account: Account,
  engaged: boolean,
  breakdown: string | undefined,
  timeframe: string | undefined,
  daily: (day: number) => DailyAccountMetrics,
) {
  // §12.4: Meta answers a demographic metric without `timeframe` with an error (no default).
  if (timeframe === undefined) throw missingParameter("timeframe");
  const chosen = timeframe;
  if (chosen !== "this_week" && chosen !== "this_month") {
    throw graphError(
      100,
      `(#100) The value ${chosen} for param timeframe is not supported; use this_week or this_month`,
    );
  }
  if (breakdown === undefined)
    throw graphError(
      100,
      "(#100) Demographic metrics require a breakdown (age, city, country or gender)",
    );
  const dimensions = breakdown.split(",").map((entry) => entry.trim()) as DemographicDimension[];
  const valid = ["age", "city", "country", "gender"];
  if (
    dimensions.some((dimension) => !valid.includes(dimension)) ||
    (dimensions.length > 1 &&
      !(dimensions.length === 2 && dimensions.includes("age") && dimensions.includes("gender")))
  ) {
    throw graphError(100, `(#100) Invalid breakdown ${breakdown} for demographic metrics`);
  }
  const store = ctx.core.store;
  let base: number;
  if (engaged) {
    const days = chosen === "this_week" ? 7 : 30;
    const today = startOfUtcDay(ctx.now);
    const dayList = Array.from({ length: days }, (_, index) => today - (index + 1) * DAY_MS);
    // The days before today: the pool of when they closed (as accountInsights' ranges).
    base = uniqueAcross(
      dayList,
      daily,
      followersAt(account, store.dyn.anchorDay, today),
      engagedSplit,
    ).total;
    // §3.3: engaged-audience demographics need ≥ 100 engagements in the timeframe.
    if (base < 100) return undefined;
  } else {
    base = followersAt(account, store.dyn.anchorDay, ctx.now);
  }
  const ordered =
    dimensions.includes("age") && dimensions.includes("gender")
      ? (["age", "gender"] as DemographicDimension[])
      : dimensions;
  const shares = audienceShares(store.dyn.seed, store.profile(account), ordered, engaged);
  const frame = chosen.toUpperCase();
  const results = shares
    .map((row) => ({ dimension_values: [frame, ...row.keys], value: Math.round(base * row.share) }))
    .filter((row) => row.value > 0)
    .sort((a, b) => {
      if (ordered[0] === "age") {
        const byAge =
          ageBuckets.indexOf(a.dimension_values[1] as AgeBucket) -
          ageBuckets.indexOf(b.dimension_values[1] as AgeBucket);
        return byAge !== 0 ? byAge : b.value - a.value;
      }
      return b.value - a.value;
    })
    .slice(0, 45);
  return { breakdowns: [{ dimension_keys: ["timeframe", ...ordered], results }] };
}
