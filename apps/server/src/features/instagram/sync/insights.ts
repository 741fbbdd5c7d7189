import {
  insertMediaInsights,
  listAccountMedia,
  upsertAccountInsights,
  upsertAudienceSnapshot,
  upsertOnlineFollowers,
} from "@sightline/db";
import {
  type DemographicBreakdown,
  type InsightMetric,
  isGraphApiError,
} from "@sightline/instagram-graph";
import {
  dailyTotalMetrics,
  METRIC_MAPPING_VERSION,
  mediaMetricsFor,
  ourMetricName,
} from "./metric-names.ts";
import type { SyncRun } from "./run.ts";

const DAY_MS = 86_400_000;
/** Instagram keeps account data 90 days; a first sync reads the last 30 one day at a time. */
const FIRST_SYNC_DAYS = 30;
/** A day's figures settle for up to 48 h (§3.3), so each run reads the last days again. */
const SETTLING_DAYS = 2;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** The value Meta gave for a metric; undefined when it gave none (stored as absent, not 0). */
function metricValue(metric: InsightMetric): number | undefined {
  if (typeof metric.total_value?.value === "number") return metric.total_value.value;
  const first = metric.values?.[0]?.value;
  return typeof first === "number" ? first : undefined;
}

/**
 * Meta's answer as rows in our names: a metric with no value, or a name the mapping does not
 * know, gives no row (absent, never 0).
 */
export function mapMetrics(
  metrics: InsightMetric[],
): Array<{ metric: string; sourceMetric: string; mappingVersion: number; value: number }> {
  return metrics.flatMap((entry) => {
    const metric = ourMetricName(entry.name);
    const value = metricValue(entry);
    return metric && value !== undefined
      ? [{ metric, sourceMetric: entry.name, mappingVersion: METRIC_MAPPING_VERSION, value }]
      : [];
  });
}

/**
 * Daily account metrics: the time series (reach, follower_count) in one window, and the
 * total-value metrics one day per call (Meta gives no per-day series for them). Days already
 * stored are read again only while they may still settle.
 */
export async function syncAccountInsights(run: SyncRun) {
  const state = await run.state("account-insights");
  const today = utcDay(run.now());
  const firstDay = state?.highWater
    ? utcDay(new Date(dayStart(state.highWater).getTime() - SETTLING_DAYS * DAY_MS))
    : utcDay(new Date(dayStart(today).getTime() - FIRST_SYNC_DAYS * DAY_MS));
  const capturedAt = run.now();
  const rows: Parameters<typeof upsertAccountInsights>[1] = [];

  for (const metric of ["reach", "follower_count"]) {
    run.guard();
    try {
      const response = await run.client.getAccountInsights({
        metrics: [metric],
        period: "day",
        since: dayStart(firstDay),
        until: dayStart(today),
      });
      for (const entry of response.data) {
        const name = ourMetricName(entry.name);
        if (!name) continue;
        for (const point of entry.values ?? []) {
          if (typeof point.value !== "number" || !point.end_time) continue;
          // end_time closes the day: the value belongs to the day before it.
          const day = utcDay(new Date(new Date(point.end_time).getTime() - 1));
          rows.push({
            ...run.scope,
            day,
            metric: name,
            sourceMetric: entry.name,
            mappingVersion: METRIC_MAPPING_VERSION,
            value: point.value,
            capturedAt,
          });
        }
      }
    } catch (error) {
      // follower_count needs 100 followers: a refusal there leaves that metric absent.
      if (!isGraphApiError(error) || error.code !== 100) throw error;
      run.note(
        `account-insights:${metric}`,
        `Instagram gives no ${metric.replace("_", " ")} for this account yet.`,
      );
    }
  }

  const resumeFrom = state?.cursor ?? firstDay;
  for (
    let day = resumeFrom;
    day < today;
    day = utcDay(new Date(dayStart(day).getTime() + DAY_MS))
  ) {
    run.guard();
    const response = await run.client.getAccountInsights({
      metrics: dailyTotalMetrics,
      period: "day",
      metricType: "total_value",
      since: dayStart(day),
      until: new Date(dayStart(day).getTime() + DAY_MS),
    });
    const dayRows = [...mapMetrics(response.data), ...(await followsAndUnfollows(run, day))].map(
      (row) => ({ ...run.scope, day, capturedAt, ...row }),
    );
    await upsertAccountInsights(run.ctx.db, dayRows);
    await run.saveState("account-insights", { cursor: day });
  }
  await upsertAccountInsights(run.ctx.db, rows);
  await run.saveState("account-insights", { cursor: null, highWater: today });
}

/**
 * One day's follows and unfollows (§3.3 `follows_and_unfollows`, readable only through the
 * `follow_type` breakdown: FOLLOWER = follows, NON_FOLLOWER = unfollows), stored as the
 * metrics `follows` and `unfollows`. Under 100 followers Instagram gives none: nothing stored.
 */
async function followsAndUnfollows(run: SyncRun, day: string) {
  run.guard();
  let metrics: InsightMetric[];
  try {
    const response = await run.client.getAccountInsights({
      metrics: ["follows_and_unfollows"],
      period: "day",
      metricType: "total_value",
      breakdown: "follow_type",
      since: dayStart(day),
      until: new Date(dayStart(day).getTime() + DAY_MS),
    });
    metrics = response.data;
  } catch (error) {
    if (!isGraphApiError(error) || error.code !== 100) throw error;
    run.note(
      "account-insights:follows_and_unfollows",
      "Instagram gives no follows and unfollows for this account yet.",
    );
    return [];
  }
  return mapFollowsAndUnfollows(metrics);
}

const followTypeMetrics: Record<string, string> = {
  FOLLOWER: "follows",
  NON_FOLLOWER: "unfollows",
};

export function mapFollowsAndUnfollows(metrics: InsightMetric[]) {
  const results =
    metrics.find((entry) => entry.name === "follows_and_unfollows")?.total_value?.breakdowns?.[0]
      ?.results ?? [];
  return results.flatMap((result) => {
    const metric = followTypeMetrics[result.dimension_values[0] ?? ""];
    return metric && typeof result.value === "number"
      ? [
          {
            metric,
            sourceMetric: "follows_and_unfollows",
            mappingVersion: METRIC_MAPPING_VERSION,
            value: result.value,
          },
        ]
      : [];
  });
}

/** "age,gender" gives Audience Insights its age × gender bars (one bucket per age and gender). */
const breakdowns: DemographicBreakdown[] = ["age", "gender", "age,gender", "country", "city"];

/** Follower and engaged-audience breakdowns, one snapshot per day (kept after Meta drops them). */
export async function syncAudience(run: SyncRun) {
  const day = utcDay(run.now());
  let empty = 0;
  for (const audience of ["followers", "engaged"] as const) {
    for (const breakdown of breakdowns) {
      run.guard();
      const query = { breakdown, timeframe: "this_month" as const };
      const buckets =
        audience === "followers"
          ? await run.client.getFollowerDemographics(query)
          : await run.client.getEngagedAudienceDemographics(query);
      if (buckets.length === 0) {
        empty++;
        continue;
      }
      await upsertAudienceSnapshot(run.ctx.db, {
        ...run.scope,
        day,
        audience,
        breakdown,
        timeframe: "this_month",
        buckets,
        capturedAt: run.now(),
      });
    }
  }
  if (empty === breakdowns.length * 2) {
    run.note(
      "audience",
      "Instagram shows audience demographics once an account has 100 followers.",
    );
  }
}

/** Instagram gives online followers for the last 30 days only. */
const ONLINE_FOLLOWERS_DAYS = 29;

export async function syncOnlineFollowers(run: SyncRun) {
  run.guard();
  const days = await run.client.getOnlineFollowers({
    since: new Date(run.now().getTime() - ONLINE_FOLLOWERS_DAYS * DAY_MS),
    until: run.now(),
  });
  const capturedAt = run.now();
  await upsertOnlineFollowers(
    run.ctx.db,
    days.flatMap((entry) =>
      entry.endTime && Object.keys(entry.hours).length > 0
        ? [
            {
              ...run.scope,
              day: utcDay(new Date(new Date(entry.endTime).getTime() - 1)),
              hours: entry.hours,
              capturedAt,
            },
          ]
        : [],
    ),
  );
}

/** Snapshots are taken per hour: a rerun within the same hour adds nothing. */
function snapshotSlot(now: Date): string {
  const slot = new Date(now);
  slot.setUTCMinutes(0, 0, 0);
  return slot.toISOString();
}

/** Recent posts keep changing; older ones are snapshotted on the first sync only. */
const SNAPSHOT_RECENT_DAYS = 90;

/**
 * Appends a snapshot of each post's metrics (our names, Meta's name and the mapping version
 * kept). Posts Instagram refuses insights for (too old for the account's conversion, stories
 * with too few viewers) are skipped; a metric Meta leaves out is stored as absent.
 */
export async function snapshotMediaInsights(run: SyncRun) {
  const state = await run.state("media-insights");
  const slot = state?.pendingHighWater ?? snapshotSlot(run.now());
  if (state?.highWater === slot) return;
  const capturedAt = new Date(slot);
  const media = await listAccountMedia(run.ctx.db, run.scope, {
    ...(state?.pendingHighWater && state.cursor ? { afterIgMediaId: state.cursor } : {}),
    ...(run.first
      ? {}
      : { postedSince: new Date(run.now().getTime() - SNAPSHOT_RECENT_DAYS * DAY_MS) }),
  });
  await run.saveState("media-insights", { pendingHighWater: slot });
  for (const item of media) {
    run.guard();
    let metrics: InsightMetric[];
    try {
      metrics = await run.client.getMediaInsights(item.igMediaId, mediaMetricsFor(item));
    } catch (error) {
      if (!isGraphApiError(error) || (error.code !== 100 && error.code !== 10)) throw error;
      await run.saveState("media-insights", { cursor: item.igMediaId });
      continue;
    }
    await insertMediaInsights(
      run.ctx.db,
      mapMetrics(metrics).map((row) => ({
        ...run.scope,
        igMediaId: item.igMediaId,
        capturedAt,
        ...row,
      })),
    );
    await run.saveState("media-insights", { cursor: item.igMediaId });
  }
  await run.saveState("media-insights", { cursor: null, highWater: slot, pendingHighWater: null });
}
