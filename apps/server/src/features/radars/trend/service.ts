import {
  captionHashtags,
  type PlanId,
  pausedByPlanReason,
  planCapabilities,
  type TrendLabel,
} from "@sightline/contracts";
import {
  countPostsOfAccount,
  type InstagramConnectionRow,
  insertHashtagLookup,
  insertTrendHashtag,
  insertTrendSample,
  listBestPostsByEngagement,
  listHashtagLookups,
  listInstagramConnections,
  listLatestTrendSamples,
  listTrendHashtags,
  type TrendHashtagRow,
  type TrendTopMedia,
  updateTrendHashtag,
} from "@sightline/db";
import { type InstagramMedia, isGraphApiError } from "@sightline/instagram-graph";
import { AppError } from "../../../lib/app-error.ts";
import type { WorkspaceRef } from "../../../lib/app-types.ts";
import { selectedConnection } from "../../../middleware/session.ts";
import { dateOf } from "../../../platform/clock.ts";
import { accountClientFor } from "../../instagram/index.ts";
import { assertWithinPlan, pausedByPlan, planOf } from "../../plans/index.ts";
import type { RadarsContext } from "../context.ts";
import { hashtagBudget, LOOKUP_WINDOW_MS, needsSlot } from "./budget.ts";
import { median, trendOf } from "./velocity.ts";

type TrendDeps = Pick<RadarsContext, "db" | "events" | "now" | "logger" | "instagram">;

const HOUR_MS = 3_600_000;
const TOP_MEDIA_KEPT = 12;
const RECENT_PAGES = 4;

/** Why hashtag search cannot run for this connection, or undefined when it can. */
export function searchBlocker(connection: InstagramConnectionRow | undefined): string | undefined {
  if (!connection) return "Connect Instagram in Settings to track hashtags.";
  if (connection.status !== "active") {
    return "Your Instagram connection needs to be renewed in Settings before hashtags can be sampled.";
  }
  // Graph API contract §1.1 and §7: hashtag search exists only behind Facebook Login.
  if (connection.login !== "facebook") {
    return "Instagram offers hashtag search only to accounts connected through Facebook Login. Switch to Facebook Login in Settings to track hashtags: the same account, with all its history kept.";
  }
  return undefined;
}

/** Which control in Settings lifts the blocker (the page's link names it). */
export function searchBlockerKind(
  connection: InstagramConnectionRow | undefined,
): "connect" | "reconnect" | "switch_to_facebook" | null {
  if (!connection) return "connect";
  if (connection.status !== "active") return "reconnect";
  return connection.login !== "facebook" ? "switch_to_facebook" : null;
}

async function budgetFor(deps: Pick<TrendDeps, "db" | "now">, accountId: string) {
  const now = dateOf(deps.now);
  const lookups = await listHashtagLookups(deps.db, {
    accountId,
    since: new Date(now.getTime() - LOOKUP_WINDOW_MS),
  });
  return hashtagBudget(lookups, now);
}

function graphMessage(error: unknown): string {
  if (isGraphApiError(error)) {
    if (error.code === 18) {
      return "Instagram's limit of 30 hashtag look-ups in 7 days is used up for this account.";
    }
    if (error.code === 100) return "Instagram does not allow searching this hashtag.";
    return error.userMessage ?? "Instagram did not answer the hashtag request. Try again later.";
  }
  return "Instagram could not be reached. Try again later.";
}

/** Tracks a hashtag: plan limit, then the 7-day budget, then the look-up (which counts). */
export async function trackHashtag(deps: TrendDeps, workspace: WorkspaceRef, name: string) {
  const workspaceId = workspace.id;
  const connection = await selectedConnection(deps.db, workspace);
  const blocker = searchBlocker(connection);
  if (blocker || !connection) throw new AppError("bad_request", blocker ?? "");
  const tracked = await listTrendHashtags(deps.db, workspaceId);
  if (tracked.some((hashtag) => hashtag.name === name)) {
    throw new AppError("conflict", `You already track #${name}.`);
  }
  await assertWithinPlan(deps.db, workspaceId, "trendHashtags", tracked.length);
  const budget = await budgetFor(deps, connection.instagramId);
  const costs = needsSlot(budget, name);
  if (costs && budget.remaining === 0) {
    throw new AppError(
      "rate_limited",
      `You have used all ${budget.limit} hashtag look-ups Instagram allows in 7 days. The next one frees up on ${budget.nextSlotAt?.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    );
  }
  let hashtagId: string | undefined;
  try {
    hashtagId = await accountClientFor(deps.instagram, connection).searchHashtag(name);
  } catch (error) {
    if (!isGraphApiError(error)) throw error;
    throw new AppError("bad_gateway", graphMessage(error));
  }
  if (!hashtagId) throw new AppError("not_found", `Instagram found no hashtag #${name}.`);
  if (costs) {
    await insertHashtagLookup(deps.db, {
      workspaceId,
      accountId: connection.instagramId,
      name,
      lookedUpAt: dateOf(deps.now),
    });
  }
  const row = await insertTrendHashtag(deps.db, {
    workspaceId,
    name,
    accountId: connection.instagramId,
    instagramHashtagId: hashtagId,
  });
  if (!row) throw new AppError("conflict", `You already track #${name}.`);
  return row;
}

function topMediaOf(item: InstagramMedia): TrendTopMedia {
  const child = item.children?.data.find((entry) => entry.media_url);
  const imageUrl =
    item.media_type === "VIDEO"
      ? (item.thumbnail_url ?? null)
      : (item.media_url ?? child?.media_url ?? null);
  return {
    id: item.id,
    mediaType: item.media_type ?? "IMAGE",
    mediaUrl: imageUrl ?? null,
    permalink: item.permalink ?? null,
    caption: (item.caption ?? "").slice(0, 300),
    likeCount: item.like_count ?? null,
    commentsCount: item.comments_count ?? null,
    timestamp: item.timestamp ?? null,
  };
}

/** Samples one hashtag's top and recent media and stores the numbers. */
export async function sampleHashtag(
  deps: TrendDeps,
  connection: InstagramConnectionRow,
  hashtag: TrendHashtagRow,
) {
  const client = accountClientFor(deps.instagram, connection);
  const now = dateOf(deps.now);
  try {
    const top = await client.hashtagMedia(hashtag.instagramHashtagId, "top", { limit: 50 });
    const recent: InstagramMedia[] = [];
    let after: string | undefined;
    for (let page = 0; page < RECENT_PAGES; page++) {
      const result = await client.hashtagMedia(hashtag.instagramHashtagId, "recent", {
        limit: 50,
        ...(after ? { after } : {}),
      });
      recent.push(...result.data);
      const oldest = result.data.at(-1)?.timestamp;
      if (!result.nextCursor || result.nextCursor === after) break;
      if (oldest && Date.parse(oldest) < now.getTime() - 24 * HOUR_MS) break;
      after = result.nextCursor;
    }
    const ages = recent
      .map((item) => (item.timestamp ? now.getTime() - Date.parse(item.timestamp) : Number.NaN))
      .filter((age) => Number.isFinite(age) && age >= 0);
    const currentVolume = ages.filter((age) => age < 12 * HOUR_MS).length;
    const previousVolume = ages.filter((age) => age >= 12 * HOUR_MS && age < 24 * HOUR_MS).length;
    const engagements = top.data
      .filter((item) => item.like_count !== undefined || item.comments_count !== undefined)
      .map((item) => (item.like_count ?? 0) + (item.comments_count ?? 0));
    const tagCounts = new Map<string, number>();
    for (const item of top.data) {
      const tags = new Set(captionHashtags(item.caption ?? "").map((tag) => tag.toLowerCase()));
      tags.delete(hashtag.name);
      for (const tag of tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
    }
    await insertTrendSample(deps.db, {
      workspaceId: hashtag.workspaceId,
      hashtagId: hashtag.id,
      sampledAt: now,
      currentVolume,
      previousVolume,
      dailyVolume: currentVolume + previousVolume,
      medianTopEngagement: median(engagements),
      topCount: top.data.length,
      topMedia: top.data.slice(0, TOP_MEDIA_KEPT).map(topMediaOf),
      coHashtags: [...tagCounts].sort((a, b) => b[1] - a[1]).slice(0, 20),
    });
    await updateTrendHashtag(deps.db, hashtag.workspaceId, hashtag.id, {
      lastSampledAt: now,
      lastError: null,
    });
  } catch (error) {
    if (!isGraphApiError(error)) throw error;
    await updateTrendHashtag(deps.db, hashtag.workspaceId, hashtag.id, {
      lastError: graphMessage(error),
    });
  }
}

/** The hashtags a plan pauses: those over its limit, after the kept ones and the oldest. */
function pausedHashtags(plan: PlanId, hashtags: TrendHashtagRow[]): Set<string> {
  return pausedByPlan({ plan }, "trendHashtags", hashtags);
}

/** Samples every hashtag the user tracks (the schedule and "Refresh"). */
export async function sampleUserHashtags(deps: TrendDeps, workspaceId: string) {
  const connections = await listInstagramConnections(deps.db, workspaceId);
  const hashtags = await listTrendHashtags(deps.db, workspaceId);
  // Over the plan's hashtags after a downgrade: kept, not sampled (issue 30 point 6).
  const paused = pausedHashtags(await planOf(deps.db, workspaceId), hashtags);
  let sampled = 0;
  for (const hashtag of hashtags) {
    if (paused.has(hashtag.id)) continue;
    // A hashtag is sampled as the account it was looked up as (Instagram's budget is per
    // account), and only while that account is connected and may search.
    const connection = connections.find((row) => row.instagramId === hashtag.accountId);
    if (searchBlocker(connection) || !connection) continue;
    await sampleHashtag(deps, connection, hashtag);
    sampled += 1;
  }
  await deps.events.publish(workspaceId, "trend-radar:updated", { sampled });
  return { sampled };
}

export type TrendHashtagView = {
  id: string;
  name: string;
  lastSampledAt: string | null;
  lastError: string | null;
  /** Over the plan's limit after a downgrade: why it is not sampled (issue 30 point 6). */
  pausedReason: string | null;
  stats: {
    sampledAt: string;
    dailyVolume: number;
    currentVolume: number;
    previousVolume: number;
    velocity: number | null;
    label: TrendLabel;
    reason: string;
    medianTopEngagement: number | null;
    topCount: number;
    coHashtags: Array<[string, number]>;
  } | null;
  topMedia: TrendTopMedia[];
};

/** The page's state: connection, budget, plan and every tracked hashtag's newest numbers. */
export async function trendRadarOverview(deps: TrendDeps, workspace: WorkspaceRef) {
  const workspaceId = workspace.id;
  const connection = await selectedConnection(deps.db, workspace);
  const plan = await planOf(deps.db, workspaceId);
  const [hashtags, samples] = await Promise.all([
    listTrendHashtags(deps.db, workspaceId),
    listLatestTrendSamples(deps.db, workspaceId),
  ]);
  const budget = connection ? await budgetFor(deps, connection.instagramId) : undefined;
  const paused = pausedHashtags(plan, hashtags);
  const views: TrendHashtagView[] = hashtags.map((hashtag) => {
    const sample = samples.find((candidate) => candidate.hashtagId === hashtag.id);
    const verdict = sample ? trendOf(sample.currentVolume, sample.previousVolume) : undefined;
    return {
      id: hashtag.id,
      name: hashtag.name,
      lastSampledAt: hashtag.lastSampledAt?.toISOString() ?? null,
      lastError: hashtag.lastError,
      pausedReason: paused.has(hashtag.id) ? pausedByPlanReason(plan, "trendHashtags") : null,
      stats:
        sample && verdict
          ? {
              sampledAt: sample.sampledAt.toISOString(),
              dailyVolume: sample.dailyVolume,
              currentVolume: sample.currentVolume,
              previousVolume: sample.previousVolume,
              velocity: verdict.velocity,
              label: verdict.label,
              reason: verdict.reason,
              medianTopEngagement: sample.medianTopEngagement,
              topCount: sample.topCount,
              coHashtags: sample.coHashtags,
            }
          : null,
      topMedia: sample?.topMedia ?? [],
    };
  });
  return {
    plan,
    hashtagLimit: planCapabilities[plan].trendHashtags,
    blocker: searchBlocker(connection) ?? null,
    blockerKind: searchBlockerKind(connection),
    budget: budget
      ? {
          limit: budget.limit,
          used: budget.used,
          remaining: budget.remaining,
          nextSlotAt: budget.nextSlotAt?.toISOString() ?? null,
          counted: budget.counted,
        }
      : null,
    hashtags: views,
  };
}

export const BEST_POSTS_SAMPLE = 20;

/**
 * Suggestions: hashtags that keep company with the account's best posts (by likes plus
 * comments, the top fifth of the synced posts, at most 20), and ideas from rising hashtags.
 */
export async function trendSuggestions(deps: TrendDeps, workspace: WorkspaceRef) {
  const workspaceId = workspace.id;
  const connection = await selectedConnection(deps.db, workspace);
  const overview = await trendRadarOverview(deps, workspace);
  const tracked = new Set(overview.hashtags.map((hashtag) => hashtag.name));
  let bestPosts: {
    sampleSize: number;
    postCount: number;
    hashtags: Array<{ tag: string; posts: number }>;
  } = {
    sampleSize: 0,
    postCount: 0,
    hashtags: [],
  };
  if (connection) {
    const postCount = await countPostsOfAccount(deps.db, {
      workspaceId,
      accountId: connection.instagramId,
    });
    const sampleSize = Math.min(
      BEST_POSTS_SAMPLE,
      Math.max(Math.ceil(postCount / 5), Math.min(postCount, 5)),
    );
    const posts = await listBestPostsByEngagement(deps.db, {
      workspaceId,
      accountId: connection.instagramId,
      limit: sampleSize,
    });
    const counts = new Map<string, number>();
    for (const post of posts) {
      for (const tag of new Set(
        captionHashtags(post.caption ?? "").map((entry) => entry.toLowerCase()),
      )) {
        counts.set(tag, (counts.get(tag) ?? 0) + 1);
      }
    }
    bestPosts = {
      sampleSize: posts.length,
      postCount,
      hashtags: [...counts]
        .filter(([tag, posts]) => posts >= 2 && !tracked.has(tag))
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 12)
        .map(([tag, posts]) => ({ tag, posts })),
    };
  }
  const ideas = overview.hashtags
    .filter((hashtag) => hashtag.stats?.label === "Rising")
    .map((hashtag) => {
      const companions = (hashtag.stats?.coHashtags ?? []).slice(0, 4).map(([tag]) => tag);
      return {
        hashtag: hashtag.name,
        reason: hashtag.stats!.reason,
        hashtags: [hashtag.name, ...companions],
        sampleSize: hashtag.stats!.topCount,
      };
    });
  return { bestPosts, ideas };
}
