import {
  type AnalyticsKpi,
  type AnalyticsPeriodQuery,
  type AnalyticsPostListItem,
  type AnalyticsPostSummary,
  type AnalyticsPostsQuery,
  analyticsPostType,
  analyticsPostTypeLabels,
  captionHashtags,
} from "@sightline/contracts";
import {
  type AnalyticsScope,
  countPostComments,
  type Db,
  findAccountPost,
  findOldestAccountInsightDay,
  listAccountDailyMetrics,
  listPostMetricSnapshots,
  listPostsWithLatestMetrics,
  type PostCursor,
  type PostMetricsRow,
  sumAccountDailyMetrics,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { addDays, dayStart, eachDay, resolvePeriod } from "./period.ts";

const CAPTION_PREVIEW = 140;
const TOP_POSTS = 5;

/** Dashboard KPI → the stored daily metric it sums (sync/metric-names.ts names). */
const kpiMetrics = {
  reach: "reach",
  views: "views",
  interactions: "interactions",
  profileVisits: "profile_visits",
  websiteTaps: "website_clicks",
} as const;
type KpiName = keyof typeof kpiMetrics;

const kpiLabels: Record<KpiName, string> = {
  reach: "reach",
  views: "views",
  interactions: "interactions",
  profileVisits: "profile visits",
  websiteTaps: "website taps",
};

export const ENGAGEMENT_FORMULA = "total interactions ÷ reach";

type DailyValues = Map<string, Map<string, number>>;

function byMetric(rows: Array<{ day: string; metric: string; value: number }>): DailyValues {
  const values: DailyValues = new Map();
  for (const row of rows) {
    let days = values.get(row.metric);
    if (!days) {
      days = new Map();
      values.set(row.metric, days);
    }
    days.set(row.day, row.value);
  }
  return values;
}

/** The sum of the stored days; null when no day of the range has the metric (absent, not 0). */
function sumOver(values: Map<string, number> | undefined, days: string[]): number | null {
  let total: number | null = null;
  for (const day of days) {
    const value = values?.get(day);
    if (value !== undefined) total = (total ?? 0) + value;
  }
  return total;
}

function storedDays(values: Map<string, number> | undefined, days: string[]): number {
  return days.filter((day) => values?.has(day)).length;
}

function changePct(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return ((value - previous) / previous) * 100;
}

function ratio(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || denominator === 0) return null;
  return numerator / denominator;
}

export async function buildOverview(
  db: Db,
  scope: AnalyticsScope,
  followersCount: number | null,
  query: AnalyticsPeriodQuery,
  now: Date,
  timeZone = "UTC",
) {
  const period = resolvePeriod(query, now, timeZone);
  const periodDays = eachDay(period.from, period.to);
  // The period's days one by one (series); the previous period only as sums and stored days.
  const [rows, previousSums, oldestDay, top] = await Promise.all([
    listAccountDailyMetrics(db, scope, {
      from: period.from,
      to: period.to,
      metrics: [...Object.values(kpiMetrics), "new_followers", "follows", "unfollows"],
    }),
    sumAccountDailyMetrics(db, scope, {
      from: period.previous.from,
      to: period.previous.to,
      metrics: Object.values(kpiMetrics),
    }),
    findOldestAccountInsightDay(db, scope),
    listPostsWithLatestMetrics(db, scope, {
      sort: "reach",
      order: "desc",
      postedFrom: dayStart(period.from, timeZone),
      postedBefore: dayStart(addDays(period.to, 1), timeZone),
      limit: TOP_POSTS,
    }),
  ]);
  const values = byMetric(rows);
  const reasonFor = (label: string) =>
    oldestDay === null
      ? `No ${label} is stored yet: the first sync has not finished.`
      : `No ${label} is stored for these days (the oldest stored day is ${oldestDay}).`;

  const kpis = {} as Record<KpiName, AnalyticsKpi>;
  for (const [name, metric] of Object.entries(kpiMetrics) as Array<[KpiName, string]>) {
    const days = values.get(metric);
    const value = sumOver(days, periodDays);
    const previous = previousSums.get(metric)?.total ?? null;
    const stored = storedDays(days, periodDays);
    const previousStored = previousSums.get(metric)?.days ?? 0;
    // Sums over unequal numbers of stored days (a period reaching back before the first sync)
    // are not comparable: no change is given rather than a misleading one.
    const comparable = stored === period.days && previousStored === period.days;
    kpis[name] = {
      value,
      previous,
      changePct: comparable ? changePct(value, previous) : null,
      storedDays: stored,
      previousStoredDays: previousStored,
      series: periodDays.map((day) => ({ day, value: days?.get(day) ?? null })),
      ...(value === null ? { reason: reasonFor(kpiLabels[name]) } : {}),
      ...(value !== null && !comparable
        ? {
            changeReason: `Only ${stored} of ${period.days} days of this period and ${previousStored} of the previous one are stored, so they are not compared.`,
          }
        : {}),
    };
  }
  const newFollowers = values.get("new_followers");
  const followerChange = sumOver(newFollowers, periodDays);
  // Net growth: follows − unfollows over the days with both stored (a half day is not guessed).
  const follows = values.get("follows");
  const unfollows = values.get("unfollows");
  const netDays = periodDays.filter((day) => follows?.has(day) && unfollows?.has(day));
  const net =
    netDays.length === 0
      ? null
      : {
          value: netDays.reduce((sum, day) => sum + follows!.get(day)! - unfollows!.get(day)!, 0),
          follows: sumOver(follows, netDays)!,
          unfollows: sumOver(unfollows, netDays)!,
          days: netDays.length,
        };

  return {
    connected: true as const,
    period: { from: period.from, to: period.to, days: period.days },
    timeZone,
    previous: period.previous,
    oldestDay,
    kpis: {
      followers: {
        value: followersCount,
        change: followerChange,
        /** Follows − unfollows over `days` stored days of the period; null when none is stored. */
        net,
        // New followers per day (Instagram's follower_count): the follower-growth chart.
        series: periodDays.map((day) => ({ day, value: newFollowers?.get(day) ?? null })),
        ...(followerChange === null ? { reason: reasonFor("follower growth") } : {}),
      },
      ...kpis,
      engagementRate: {
        value: ratio(kpis.interactions.value, kpis.reach.value),
        previous: ratio(kpis.interactions.previous, kpis.reach.previous),
        formula: ENGAGEMENT_FORMULA,
      },
    },
    topPosts: top.slice(0, TOP_POSTS).map(toSummary),
  };
}

function toSummary(row: PostMetricsRow): AnalyticsPostSummary {
  const type = analyticsPostType(row);
  return {
    id: row.igMediaId,
    type,
    typeLabel: analyticsPostTypeLabels[type],
    postedAt: row.postedAt?.toISOString() ?? null,
    caption: row.caption === null ? null : [...row.caption].slice(0, CAPTION_PREVIEW).join(""),
    reach: row.reach,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    engagementRate: row.engagement,
  };
}

function toListItem(row: PostMetricsRow): AnalyticsPostListItem {
  return { ...toSummary(row), saves: row.saves, shares: row.shares, permalink: row.permalink };
}

/** The sort value a cursor carries: ISO time for posted_at, the number otherwise. */
function sortValue(row: PostMetricsRow, sort: AnalyticsPostsQuery["sort"]): string | number | null {
  switch (sort) {
    case "posted_at":
      return row.postedAt?.toISOString() ?? null;
    case "engagement":
      return row.engagement;
    default:
      return row[sort];
  }
}

type CursorPayload = { s: string; o: string; v: string | number | null; id: string };

function encodeCursor(payload: CursorPayload): string {
  return Buffer.from(JSON.stringify(payload)).toString("base64url");
}

function badCursor(): AppError {
  return new AppError("validation_failed", "The page cursor is not valid for this list.", [
    { path: "cursor", message: "Start again from the first page." },
  ]);
}

/** An opaque cursor is only good for the sort and order it was made for. */
function decodeCursor(cursor: string, query: AnalyticsPostsQuery): PostCursor {
  let payload: Partial<CursorPayload>;
  try {
    payload = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as CursorPayload;
  } catch {
    throw badCursor();
  }
  if (
    typeof payload !== "object" ||
    payload === null ||
    payload.s !== query.sort ||
    payload.o !== query.order ||
    typeof payload.id !== "string" ||
    payload.id.length > 64
  ) {
    throw badCursor();
  }
  const value = payload.v;
  const valid =
    value === null ||
    (query.sort === "posted_at"
      ? typeof value === "string" && !Number.isNaN(Date.parse(value))
      : typeof value === "number" && Number.isFinite(value));
  if (!valid) throw badCursor();
  return { value: value ?? null, igMediaId: payload.id };
}

export async function listPosts(
  db: Db,
  scope: AnalyticsScope,
  query: AnalyticsPostsQuery,
  timeZone = "UTC",
) {
  const rows = await listPostsWithLatestMetrics(db, scope, {
    sort: query.sort,
    order: query.order,
    ...(query.type ? { type: query.type } : {}),
    ...(query.from ? { postedFrom: dayStart(query.from, timeZone) } : {}),
    ...(query.to ? { postedBefore: dayStart(addDays(query.to, 1), timeZone) } : {}),
    ...(query.q ? { captionContains: query.q } : {}),
    ...(query.cursor ? { cursor: decodeCursor(query.cursor, query) } : {}),
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toListItem),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({
            s: query.sort,
            o: query.order,
            v: sortValue(last, query.sort),
            id: last.igMediaId,
          })
        : null,
  };
}

export async function getPostDetail(db: Db, scope: AnalyticsScope, igMediaId: string) {
  const post = await findAccountPost(db, scope, igMediaId);
  if (!post) throw new AppError("not_found", "This post is not in your synced Instagram data.");
  const [snapshots, storedComments] = await Promise.all([
    listPostMetricSnapshots(db, scope, igMediaId),
    countPostComments(db, scope, igMediaId),
  ]);
  // Snapshots come oldest first: the last value seen per metric is its latest.
  const latest = new Map<string, number>();
  for (const snapshot of snapshots) latest.set(snapshot.metric, snapshot.value);
  const pick = (metric: string) => latest.get(metric) ?? null;
  const row: PostMetricsRow = {
    igMediaId: post.igMediaId,
    mediaType: post.mediaType,
    mediaProductType: post.mediaProductType,
    caption: post.caption,
    permalink: post.permalink,
    postedAt: post.postedAt,
    reach: pick("reach"),
    views: pick("views"),
    likes: pick("likes") ?? post.likeCount,
    comments: pick("comments") ?? post.commentsCount,
    saves: pick("saves"),
    shares: pick("shares"),
    interactions: pick("interactions"),
    engagement: ratio(pick("interactions"), pick("reach")),
  };
  return {
    post: {
      ...toListItem(row),
      caption: post.caption,
      hashtags: [...new Set(captionHashtags(post.caption ?? ""))],
    },
    snapshots: snapshots.map((snapshot) => ({
      capturedAt: snapshot.capturedAt.toISOString(),
      metric: snapshot.metric,
      value: snapshot.value,
    })),
    storedComments,
  };
}
