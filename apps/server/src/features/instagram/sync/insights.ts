import { INSTAGRAM_ACCOUNT_INSIGHTS_DAYS, INSTAGRAM_MAX_RANGE_DAYS } from "@sightline/contracts";
import {
  type Db,
  getSyncState,
  type InstagramConnectionRow,
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
import { dateOf } from "../../../platform/clock.ts";
import {
  dailyTotalMetrics,
  METRIC_MAPPING_VERSION,
  mediaMetricsFor,
  optionalDailyMetrics,
  ourMetricName,
} from "./metric-names.ts";
import { syncPeriodInsights } from "./period-insights.ts";
import type { SyncRun } from "./run.ts";

const DAY_MS = 86_400_000;
/**
 * Instagram keeps account data 90 days: the first sync reads all of it (issue 23), one day at a
 * time for the total-value metrics, before the account counts as synced.
 */
const FIRST_SYNC_DAYS = INSTAGRAM_ACCOUNT_INSIGHTS_DAYS;
/** A day's figures settle for up to 48 h (contract §3.3), so each run reads the last days again. */
const SETTLING_DAYS = 2;
/** A complete pass younger than this is not repeated. */
const RECENT_PASS_MS = 3_600_000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

function nextDay(day: string, days = 1): string {
  return utcDay(new Date(dayStart(day).getTime() + days * DAY_MS));
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

/** The days a first sync reads, and how far it has come (for "Reading your last 90 days…"). */
export function backfillWindow(now: Date) {
  const today = utcDay(now);
  return { firstDay: nextDay(today, -FIRST_SYNC_DAYS), today, days: FIRST_SYNC_DAYS };
}

/**
 * How far the first sync has read the 90 days (percent of days), for "Reading your last 90
 * days… 40 %"; null once the account has synced. Held below 100 until the whole first sync
 * (posts' insights, demographics) is done.
 */
export async function backfillProgress(
  db: Db,
  connection: InstagramConnectionRow,
  now: Date,
): Promise<{ days: number; percent: number } | null> {
  if (connection.lastSyncedAt !== null || connection.status !== "active") return null;
  const state = await getSyncState(
    db,
    { workspaceId: connection.workspaceId, accountId: connection.instagramId },
    "account-insights",
  );
  const { firstDay, days } = backfillWindow(now);
  let done = 0;
  if (state?.highWater) done = days;
  else if (state?.cursor) {
    done = Math.round(
      (Date.parse(`${state.cursor}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / DAY_MS,
    );
  }
  return { days, percent: Math.max(0, Math.min(99, Math.floor((done / days) * 100))) };
}

/**
 * Daily account metrics: the time series (reach, follower_count) in ≤ 30-day windows, and the
 * total-value metrics one day per call (Meta gives no per-day series for them). The metrics
 * Meta may stop answering (profile_views, website_clicks, contract §12.4) are asked in calls of their
 * own, so a refusal leaves them absent and never fails the core metrics. Days already stored
 * are read again only while they may still settle. Then the per-period figures (reach, accounts
 * engaged) of the dashboard's windows.
 */
export async function syncAccountInsights(run: SyncRun) {
  const state = await run.state("account-insights");
  const { today, firstDay: backfillFrom } = backfillWindow(dateOf(run.now));
  // Completed within the hour (a resumed run, or a second trigger): nothing can have settled.
  if (
    state?.highWater === today &&
    !state.cursor &&
    run.now() - state.updatedAt.getTime() < RECENT_PASS_MS
  ) {
    return;
  }
  const firstDay = state?.highWater ? nextDay(state.highWater, -SETTLING_DAYS) : backfillFrom;
  const capturedAt = dateOf(run.now);
  const rows: Parameters<typeof upsertAccountInsights>[1] = [];

  // The time series first, stored at once: a run resumed mid-way (a cursor) does not read them
  // again.
  if (!state?.cursor) {
    for (const metric of ["reach", "follower_count"]) {
      try {
        for (
          let since = firstDay;
          since < today;
          since = nextDay(since, INSTAGRAM_MAX_RANGE_DAYS)
        ) {
          run.guard();
          const until = [nextDay(since, INSTAGRAM_MAX_RANGE_DAYS), today].sort()[0]!;
          const response = await run.client.getAccountInsights({
            metrics: [metric],
            period: "day",
            since: dayStart(since),
            until: dayStart(until),
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
    await upsertAccountInsights(run.ctx.db, rows);
  }

  const refused = new Set<string>();
  const resumeFrom = state?.cursor ?? firstDay;
  const pending: Parameters<typeof upsertAccountInsights>[1] = [];
  let pendingDays = 0;
  for (let day = resumeFrom; day < today; day = nextDay(day)) {
    run.guard();
    const window = { since: dayStart(day), until: dayStart(nextDay(day)) };
    const response = await run.client.getAccountInsights({
      metrics: dailyTotalMetrics,
      period: "day",
      metricType: "total_value",
      ...window,
    });
    const optional = await optionalMetrics(
      run,
      optionalDailyMetrics.filter((metric) => !refused.has(metric)),
      window,
      refused,
    );
    const dayRows = [
      ...mapMetrics([...response.data, ...optional]),
      ...(await followsAndUnfollows(run, day)),
    ].map((row) => ({ ...run.scope, day, capturedAt, ...row }));
    pending.push(...dayRows);
    // Five days' rows in one write and one mark (two writes a day before: issue 27).
    if (++pendingDays === 5 || nextDay(day) >= today) {
      await upsertAccountInsights(run.ctx.db, pending.splice(0));
      await run.saveState("account-insights", { cursor: day });
      pendingDays = 0;
    }
  }
  await syncPeriodInsights(run);
  await run.saveState("account-insights", { cursor: null, highWater: today });
}

/**
 * The optional metrics of one day, in a call apart from the core metrics. Meta refusing the
 * call (a metric retired, contract §12.4) is answered by asking each alone; one refused alone is left
 * absent for the rest of this run, with a note, and the run goes on.
 */
async function optionalMetrics(
  run: SyncRun,
  metrics: readonly string[],
  window: { since: Date; until: Date },
  refused: Set<string>,
): Promise<InsightMetric[]> {
  if (metrics.length === 0) return [];
  run.guard();
  try {
    const response = await run.client.getAccountInsights({
      metrics: [...metrics],
      period: "day",
      metricType: "total_value",
      ...window,
    });
    return response.data;
  } catch (error) {
    if (!isGraphApiError(error) || (error.code !== 100 && error.code !== 10)) throw error;
    if (metrics.length > 1) {
      const answers = [];
      for (const metric of metrics) {
        answers.push(...(await optionalMetrics(run, [metric], window, refused)));
      }
      return answers;
    }
    const metric = metrics[0]!;
    refused.add(metric);
    run.note(
      `account-insights:${metric}`,
      `Instagram no longer answers ${metric.replace("_", " ")}: it is shown as not available.`,
    );
    return [];
  }
}

/**
 * One day's follows and unfollows (contract §3.3 `follows_and_unfollows`, readable only through the
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

/**
 * Each breakdown from its own call (issue 23): an age share is the age breakdown's, never one
 * derived from age × gender rows, which leave out the people without a known gender.
 */
const breakdowns: DemographicBreakdown[] = ["age", "gender", "country", "city"];

/** Follower and engaged-audience breakdowns, one snapshot per day (kept after Meta drops them). */
export async function syncAudience(run: SyncRun) {
  const day = utcDay(dateOf(run.now));
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
        capturedAt: dateOf(run.now),
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
    since: new Date(run.now() - ONLINE_FOLLOWERS_DAYS * DAY_MS),
    until: dateOf(run.now),
  });
  const capturedAt = dateOf(run.now);
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

/** Posts whose insights are stored in one write. */
const MEDIA_INSIGHTS_PER_WRITE = 10;

/** Recent posts keep changing; older ones are snapshotted on the first sync only. */
const SNAPSHOT_RECENT_DAYS = 90;

/**
 * Appends a snapshot of each post's metrics (our names, Meta's name and the mapping version
 * kept). Posts Instagram refuses insights for (too old for the account's conversion, stories
 * with too few viewers) are skipped; a metric Meta leaves out is stored as absent.
 */
export async function snapshotMediaInsights(run: SyncRun) {
  const state = await run.state("media-insights");
  const slot = state?.pendingHighWater ?? snapshotSlot(dateOf(run.now));
  if (state?.highWater === slot) return;
  const capturedAt = new Date(slot);
  const media = await listAccountMedia(run.ctx.db, run.scope, {
    ...(state?.pendingHighWater && state.cursor ? { afterIgMediaId: state.cursor } : {}),
    ...(run.first ? {} : { postedSince: new Date(run.now() - SNAPSHOT_RECENT_DAYS * DAY_MS) }),
  });
  await run.saveState("media-insights", { pendingHighWater: slot });
  // Ten posts' insights are read one post after the other, then stored and marked in one write
  // each (it was three per post: issue 27); a resumed run starts after the last batch stored.
  for (let start = 0; start < media.length; start += MEDIA_INSIGHTS_PER_WRITE) {
    const batch = media.slice(start, start + MEDIA_INSIGHTS_PER_WRITE);
    const rows: Parameters<typeof insertMediaInsights>[1] = [];
    for (const item of batch) {
      run.guard();
      let metrics: InsightMetric[];
      try {
        metrics = await run.client.getMediaInsights(item.igMediaId, mediaMetricsFor(item));
      } catch (error) {
        if (!isGraphApiError(error) || (error.code !== 100 && error.code !== 10)) throw error;
        continue;
      }
      rows.push(
        ...mapMetrics(metrics).map((row) => ({
          ...run.scope,
          igMediaId: item.igMediaId,
          capturedAt,
          ...row,
        })),
      );
    }
    await insertMediaInsights(run.ctx.db, rows);
    await run.saveState("media-insights", { cursor: batch.at(-1)!.igMediaId });
  }
  await run.saveState("media-insights", { cursor: null, highWater: slot, pendingHighWater: null });
}
