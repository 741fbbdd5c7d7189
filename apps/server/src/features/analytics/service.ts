import {
  type AccountMetric,
  type AnalyticsKpi,
  type AnalyticsPeriodQuery,
  type AnalyticsPostListItem,
  type AnalyticsPostSummary,
  type AnalyticsPostsQuery,
  analyticsPostType,
  analyticsPostTypeLabels,
  captionHashtags,
  INSTAGRAM_MAX_RANGE_DAYS,
  isAdditiveMetric,
  perPeriodAccountMetrics,
  sumOfDays,
} from "@sightline/contracts";
import {
  type AnalyticsScope,
  countPostComments,
  type Db,
  findAccountPeriodMetrics,
  findAccountPost,
  findOldestAccountInsightDay,
  listAccountDailyMetrics,
  listPostMetricSnapshots,
  listPostsWithLatestMetrics,
  type PostCursor,
  type PostMetricsRow,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { addDays, dayStart, eachDay, resolvePeriod } from "./period.ts";

const CAPTION_PREVIEW = 140;
const TOP_POSTS = 5;
/** A period figure read before its last day settled (48 h, contract §3.3) is asked again after this. */
const PERIOD_REFRESH_MS = 6 * 3_600_000;
const SETTLE_MS = 2 * 86_400_000;

type KpiName =
  | "reach"
  | "accountsEngaged"
  | "views"
  | "interactions"
  | "profileVisits"
  | "websiteTaps";

/** Dashboard KPI → the stored daily metric (sync/metric-names.ts names) and its words. */
const kpiMetrics: Record<KpiName, { metric: AccountMetric; label: string; noun: string }> = {
  reach: { metric: "reach", label: "Reach", noun: "reach" },
  accountsEngaged: {
    metric: "accounts_engaged",
    label: "Accounts engaged",
    noun: "accounts engaged",
  },
  views: { metric: "views", label: "Views", noun: "views" },
  interactions: { metric: "interactions", label: "Interactions", noun: "interactions" },
  profileVisits: { metric: "profile_visits", label: "Profile visits", noun: "profile visits" },
  websiteTaps: { metric: "website_clicks", label: "Website taps", noun: "website taps" },
};

export const ENGAGEMENT_FORMULA =
  "interactions ÷ reach (accounts reached in the period, as Instagram counts them)";
export const DAILY_ENGAGEMENT_FORMULA =
  "average interactions per day ÷ average daily reach (over the days with both)";

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

function storedValues(values: Map<string, number> | undefined, days: string[]): number[] {
  const stored: number[] = [];
  if (!values) return stored;
  for (const day of days) {
    const value = values.get(day);
    if (value !== undefined) stored.push(value);
  }
  return stored;
}

/** An additive metric's period figure; null when no day of the range has it (absent, not 0). */
function sumOver(metric: string, values: Map<string, number> | undefined, days: string[]) {
  const stored = storedValues(values, days);
  return stored.length === 0 ? null : sumOfDays(metric, stored);
}

function averageOver(values: Map<string, number> | undefined, days: string[]): number | null {
  const stored = storedValues(values, days);
  return stored.length === 0 ? null : stored.reduce((a, b) => a + b, 0) / stored.length;
}

function changePct(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return ((value - previous) / previous) * 100;
}

function ratio(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || denominator === 0) return null;
  return numerator / denominator;
}

function latest(dates: Array<Date | undefined>): string | null {
  const times = dates.flatMap((date) => (date ? [date.getTime()] : []));
  return times.length === 0 ? null : new Date(Math.max(...times)).toISOString();
}

/** Asks Instagram for a period's per-period figures (and stores them); see instagram/sync. */
export type PeriodFetcher = (period: { from: string; to: string }) => Promise<unknown>;

export const perPeriodMetrics = perPeriodAccountMetrics.map((entry) => entry.metric);

/**
 * The stored values a dashboard reads, one account at a time by default. All accounts passes
 * reads answered from one query per kind for every account (accounts-overview.ts).
 */
export type OverviewReads = {
  daily: typeof listAccountDailyMetrics;
  oldestDay: typeof findOldestAccountInsightDay;
  periodMetrics: typeof findAccountPeriodMetrics;
};

const oneAccountReads: OverviewReads = {
  daily: listAccountDailyMetrics,
  oldestDay: findOldestAccountInsightDay,
  periodMetrics: findAccountPeriodMetrics,
};

/** The daily metrics a dashboard reads (its period's and the previous period's). */
export const dashboardDailyMetrics = [
  ...Object.values(kpiMetrics).map((entry) => entry.metric),
  "new_followers",
  "follows",
  "unfollows",
];

/**
 * The stored per-period figures of a window; asked of Instagram first when missing or read
 * before the window's days settled (the fetcher knows which windows Instagram still answers).
 */
async function periodFigures(
  db: Db,
  scope: AnalyticsScope,
  window: { from: string; to: string },
  now: Date,
  fetchPeriod: PeriodFetcher | undefined,
  reads: OverviewReads,
) {
  const stored = await reads.periodMetrics(db, scope, {
    ...window,
    metrics: perPeriodMetrics,
  });
  const settledAt = Date.parse(`${window.to}T00:00:00Z`) + 86_400_000 + SETTLE_MS;
  const stale = perPeriodMetrics.some((metric) => {
    const row = stored.get(metric);
    return (
      !row ||
      (row.capturedAt.getTime() < settledAt &&
        now.getTime() - row.capturedAt.getTime() > PERIOD_REFRESH_MS)
    );
  });
  if (!stale || !fetchPeriod) return stored;
  const fetched = await fetchPeriod(window);
  return fetched === undefined
    ? stored
    : findAccountPeriodMetrics(db, scope, { ...window, metrics: perPeriodMetrics });
}

export async function buildOverview(
  db: Db,
  scope: AnalyticsScope,
  followersCount: number | null,
  query: AnalyticsPeriodQuery,
  now: Date,
  timeZone = "UTC",
  fetchPeriod?: PeriodFetcher,
  /**
   * All accounts shows no top posts (false skips their query) and reads in bulk (`reads`).
   * `history`: the plan's window (history.ts); a previous period older than it is not read.
   */
  options: {
    topPosts?: boolean;
    reads?: OverviewReads;
    history?: { from: string; label: string };
  } = {},
) {
  const reads = options.reads ?? oneAccountReads;
  const period = resolvePeriod(query, now, timeZone);
  const previousHidden =
    options.history !== undefined && period.previous.from < options.history.from;
  const hiddenReason = `The previous ${period.days} days are older than your plan's ${options.history?.label} of history, so they are not compared.`;
  const periodDays = eachDay(period.from, period.to);
  const previousDays = eachDay(period.previous.from, period.previous.to);
  const metrics = Object.values(kpiMetrics).map((entry) => entry.metric);
  const [rows, previousRows, storedOldestDay, top, current, previousFigures] = await Promise.all([
    reads.daily(db, scope, {
      from: period.from,
      to: period.to,
      metrics: dashboardDailyMetrics,
    }),
    previousHidden
      ? []
      : reads.daily(db, scope, {
          from: period.previous.from,
          to: period.previous.to,
          metrics,
        }),
    reads.oldestDay(db, scope),
    options.topPosts === false ? [] : listTopPosts(db, scope, period, timeZone),
    periodFigures(db, scope, period, now, fetchPeriod, reads),
    previousHidden
      ? (new Map() as Awaited<ReturnType<typeof periodFigures>>)
      : periodFigures(db, scope, period.previous, now, fetchPeriod, reads),
  ]);
  // The oldest day the plan shows: older stored days are hidden, not gone.
  const oldestDay =
    storedOldestDay !== null && options.history && storedOldestDay < options.history.from
      ? options.history.from
      : storedOldestDay;
  const values = byMetric(rows);
  const previousValues = byMetric(previousRows);
  const capturedAt = new Map<string, Date>();
  for (const row of rows) {
    const seen = capturedAt.get(row.metric);
    if (!seen || row.capturedAt > seen) capturedAt.set(row.metric, row.capturedAt);
  }
  const reasonFor = (label: string) =>
    oldestDay === null
      ? `No ${label} is stored yet: the first sync has not finished.`
      : `No ${label} is stored for these days (the oldest stored day is ${oldestDay}).`;

  const kpis = {} as Record<KpiName, AnalyticsKpi>;
  for (const [name, { metric, label, noun }] of Object.entries(kpiMetrics) as Array<
    [KpiName, (typeof kpiMetrics)[KpiName]]
  >) {
    const days = values.get(metric);
    const previousDaysValues = previousValues.get(metric);
    const stored = storedValues(days, periodDays).length;
    const previousStored = storedValues(previousDaysValues, previousDays).length;
    const series = periodDays.map((day) => ({ day, value: days?.get(day) ?? null }));
    const fullyStored = stored === period.days && previousStored === period.days;
    if (isAdditiveMetric(metric)) {
      const value = sumOver(metric, days, periodDays);
      const previous = sumOver(metric, previousDaysValues, previousDays);
      kpis[name] = {
        label,
        basis: "sum",
        value,
        previous,
        // Sums over unequal numbers of stored days are not comparable: no change is given.
        changePct: fullyStored ? changePct(value, previous) : null,
        storedDays: stored,
        previousStoredDays: previousStored,
        series,
        asOf: value === null ? null : latest([capturedAt.get(metric)]),
        ...(value === null ? { reason: reasonFor(noun) } : {}),
        ...(value !== null && !fullyStored
          ? {
              changeReason: previousHidden
                ? hiddenReason
                : `Only ${stored} of ${period.days} days of this period and ${previousStored} of the previous one are stored, so they are not compared.`,
            }
          : {}),
      };
      continue;
    }
    // Unique people: Instagram's figure for exactly this period, or the average per day.
    const figure = current.get(metric);
    if (figure) {
      const previous = previousFigures.get(metric)?.value ?? null;
      kpis[name] = {
        label,
        basis: "period",
        value: figure.value,
        previous,
        changePct: changePct(figure.value, previous),
        storedDays: stored,
        previousStoredDays: previousStored,
        series,
        asOf: figure.capturedAt.toISOString(),
        note: `Unique accounts over the ${period.days} days, as Instagram counts them (each account once).`,
        ...(previous === null
          ? {
              changeReason: previousHidden
                ? hiddenReason
                : `Instagram's ${noun} for the previous ${period.days} days is not stored, so they are not compared.`,
            }
          : {}),
      };
      continue;
    }
    const average = averageOver(days, periodDays);
    const previousAverage = averageOver(previousDaysValues, previousDays);
    const why =
      period.days > INSTAGRAM_MAX_RANGE_DAYS
        ? `Instagram counts ${noun} over at most ${INSTAGRAM_MAX_RANGE_DAYS} days`
        : `Instagram no longer answers ${noun} for these days`;
    kpis[name] = {
      label: `Average daily ${noun}`,
      basis: "daily-average",
      value: average,
      previous: previousAverage,
      changePct: fullyStored ? changePct(average, previousAverage) : null,
      storedDays: stored,
      previousStoredDays: previousStored,
      series,
      asOf: average === null ? null : latest([capturedAt.get(metric)]),
      note: `${why}, and a sum of days would count the same people again: this is the average of ${stored} ${stored === 1 ? "day" : "days"}' ${noun}.`,
      ...(average === null ? { reason: reasonFor(noun) } : {}),
      ...(average !== null && !fullyStored
        ? {
            changeReason: previousHidden
              ? hiddenReason
              : `Only ${stored} of ${period.days} days of this period and ${previousStored} of the previous one are stored, so they are not compared.`,
          }
        : {}),
    };
  }

  const newFollowers = values.get("new_followers");
  const followerChange = sumOver("new_followers", newFollowers, periodDays);
  // Net growth: follows − unfollows over the days with both stored (a half day is not guessed).
  const follows = values.get("follows");
  const unfollows = values.get("unfollows");
  const netDays = periodDays.filter((day) => follows?.has(day) && unfollows?.has(day));
  const net =
    netDays.length === 0
      ? null
      : {
          value: sumOver("follows", follows, netDays)! - sumOver("unfollows", unfollows, netDays)!,
          follows: sumOver("follows", follows, netDays)!,
          unfollows: sumOver("unfollows", unfollows, netDays)!,
          days: netDays.length,
        };

  return {
    connected: true as const,
    period: { from: period.from, to: period.to, days: period.days },
    timeZone,
    previous: period.previous,
    /** The previous period is older than the plan's window: nothing is compared with it. */
    previousHidden,
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
      engagementRate: engagementRate(kpis, values, previousValues, periodDays, previousDays),
    },
    topPosts: top.map((row) => toSummary(row)),
  };
}

/**
 * The period's top posts by reach, as the dashboard's "Top posts" shows them: posted in the
 * period (days in `timeZone`), the latest reach first. Client reports check a thumbnail request
 * against this list.
 */
export async function listTopPosts(
  db: Db,
  scope: AnalyticsScope,
  period: { from: string; to: string },
  timeZone: string,
): Promise<PostMetricsRow[]> {
  const rows = await listPostsWithLatestMetrics(db, scope, {
    sort: "reach",
    order: "desc",
    postedFrom: dayStart(period.from, timeZone),
    postedBefore: dayStart(addDays(period.to, 1), timeZone),
    limit: TOP_POSTS,
  });
  return rows.slice(0, TOP_POSTS);
}

/**
 * Interactions ÷ the period's reach (Instagram's unique accounts). Without a period reach, the
 * honest alternative: average interactions per day ÷ average daily reach, labelled so.
 */
function engagementRate(
  kpis: Record<KpiName, AnalyticsKpi>,
  values: DailyValues,
  previousValues: DailyValues,
  periodDays: string[],
  previousDays: string[],
) {
  const { reach, interactions } = kpis;
  if (reach.basis === "period") {
    const value = ratio(interactions.value, reach.value);
    const previous = ratio(interactions.previous, reach.previous);
    const comparable = interactions.changePct !== null && reach.changePct !== null;
    return {
      label: "Engagement rate",
      basis: "period" as const,
      value,
      previous,
      changePct: comparable ? changePct(value, previous) : null,
      formula: ENGAGEMENT_FORMULA,
    };
  }
  const daily = (source: DailyValues, days: string[]) => {
    const both = days.filter(
      (day) => source.get("interactions")?.has(day) && source.get("reach")?.has(day),
    );
    return {
      rate: ratio(
        sumOver("interactions", source.get("interactions"), both),
        // Daily reach added only to average it: Σ reach_d / n is the average daily reach.
        both.length === 0
          ? null
          : both.reduce((total, day) => total + source.get("reach")!.get(day)!, 0),
      ),
      days: both.length,
    };
  };
  const current = daily(values, periodDays);
  const previous = daily(previousValues, previousDays);
  const comparable = current.days === periodDays.length && previous.days === previousDays.length;
  return {
    label: "Average daily engagement rate",
    basis: "daily-average" as const,
    value: current.rate,
    previous: previous.rate,
    changePct: comparable ? changePct(current.rate, previous.rate) : null,
    formula: DAILY_ENGAGEMENT_FORMULA,
  };
}

function toSummary(row: PostMetricsRow, fullCaption = false): AnalyticsPostSummary {
  const type = analyticsPostType(row);
  return {
    id: row.igMediaId,
    type,
    typeLabel: analyticsPostTypeLabels[type],
    postedAt: row.postedAt?.toISOString() ?? null,
    caption:
      row.caption === null || fullCaption
        ? row.caption
        : [...row.caption].slice(0, CAPTION_PREVIEW).join(""),
    reach: row.reach,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    engagementRate: row.engagement,
    metricsAsOf: row.metricsCapturedAt?.toISOString() ?? null,
  };
}

function toListItem(row: PostMetricsRow, fullCaption = false): AnalyticsPostListItem {
  return {
    ...toSummary(row, fullCaption),
    saves: row.saves,
    shares: row.shares,
    permalink: row.permalink,
  };
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
  /** The CSV export carries whole captions; the table a preview. */
  options: { fullCaptions?: boolean } = {},
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
    items: page.map((row) => toListItem(row, options.fullCaptions)),
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
    metricsCapturedAt: post.metricsCapturedAt,
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
