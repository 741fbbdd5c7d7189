import {
  INSTAGRAM_ACCOUNT_INSIGHTS_DAYS,
  INSTAGRAM_MAX_RANGE_DAYS,
  isTimeZone,
  perPeriodAccountMetrics,
  zonedParts,
} from "@sightline/contracts";
import {
  type Db,
  getConnectionContact,
  type InstagramConnectionRow,
  upsertAccountPeriodInsights,
} from "@sightline/db";
import { type AccountClient, isGraphApiError } from "@sightline/instagram-graph";
import { dateOf } from "../../../platform/clock.ts";
import { accountClientFor, type InstagramContext } from "../context.ts";
import { METRIC_MAPPING_VERSION } from "./metric-names.ts";
import { type SyncRun, usagePause } from "./run.ts";

const DAY_MS = 86_400_000;

/*
 * Unique-people metrics (reach, accounts engaged) over a period are Instagram's own
 * `metric_type=total_value` answer over exactly the period's days, never a sum of days
 * (contracts/account-metrics.ts). Instagram's days are the days its daily values close on
 * (UTC days here, as the daily sync reads them), so a period from..to is asked as
 * since = from 00:00 UTC, until = the day after `to` 00:00 UTC: whatever the user's time zone
 * and its daylight-saving changes, 30 days are exactly 30 × 24 h, which Instagram accepts.
 */

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Whether Instagram can answer this period with one call: at most 30 days, none older than
 * the 90 days it keeps, none today or later (a day still running is not a closed figure).
 */
export function isAnswerablePeriod(period: { from: string; to: string }, now: Date): boolean {
  const today = now.toISOString().slice(0, 10);
  return (
    daysInclusive(period.from, period.to) <= INSTAGRAM_MAX_RANGE_DAYS &&
    period.from >= addDays(today, -INSTAGRAM_ACCOUNT_INSIGHTS_DAYS) &&
    period.to < today
  );
}

/** Asks Instagram for the period's per-period metrics and stores them; returns what it stored. */
export async function readPeriodInsights(
  db: Db,
  client: AccountClient,
  scope: { workspaceId: string; accountId: string },
  period: { from: string; to: string },
  capturedAt: Date,
) {
  const response = await client.getAccountInsights({
    metrics: perPeriodAccountMetrics.map((entry) => entry.metaName),
    period: "day",
    metricType: "total_value",
    since: new Date(`${period.from}T00:00:00.000Z`),
    until: new Date(`${addDays(period.to, 1)}T00:00:00.000Z`),
  });
  const rows = perPeriodAccountMetrics.flatMap(({ metric, metaName }) => {
    const value = response.data.find((entry) => entry.name === metaName)?.total_value?.value;
    // A metric Instagram leaves out is absent, never 0.
    return typeof value === "number"
      ? [
          {
            ...scope,
            metric,
            fromDay: period.from,
            toDay: period.to,
            sourceMetric: metaName,
            mappingVersion: METRIC_MAPPING_VERSION,
            value,
            capturedAt,
          },
        ]
      : [];
  });
  await upsertAccountPeriodInsights(db, rows);
  return rows;
}

/** The dashboard's preset windows (7 and 28 days, each with its previous period). */
export function presetWindows(yesterday: string): Array<{ from: string; to: string }> {
  return [7, 28].flatMap((days) => {
    const from = addDays(yesterday, -(days - 1));
    return [
      { from, to: yesterday },
      { from: addDays(from, -days), to: addDays(from, -1) },
    ];
  });
}

/**
 * At each sync: the 7- and 28-day windows and their previous periods, ending on yesterday on
 * the user's calendar (as the dashboard resolves them) and, when that differs, on yesterday in
 * UTC. One call each (Instagram allows at most 30 days per call).
 */
export async function syncPeriodInsights(run: SyncRun) {
  const now = dateOf(run.now);
  // The calendar of the person the connection answers to (its connector, else the owner).
  const zone = (await getConnectionContact(run.ctx.db, run.scope.workspaceId, run.scope.accountId))
    ?.timeZone;
  const yesterdays = new Set([addDays(now.toISOString().slice(0, 10), -1)]);
  if (zone && isTimeZone(zone)) yesterdays.add(addDays(zonedParts(now, zone).date, -1));
  const windows = [...yesterdays]
    .flatMap(presetWindows)
    .filter((window) => isAnswerablePeriod(window, now));
  for (const window of windows) {
    run.guard();
    await readPeriodInsights(run.ctx.db, run.client, run.scope, window, now);
  }
}

/**
 * On demand (a custom period the dashboard has not stored): asks Instagram now and stores the
 * answer. Returns undefined when Instagram cannot answer this period, refuses, or the account's
 * access cannot be used: the caller shows the stored figures or the true alternative instead,
 * never an error page (and on All accounts, one account never takes the others' view down).
 */
export async function fetchPeriodInsights(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
  period: { from: string; to: string },
) {
  const now = new Date(ctx.now());
  if (connection.status !== "active" || !isAnswerablePeriod(period, now)) return undefined;
  // Not while Meta reports the account's usage high, nor again at once after a refusal: every
  // dashboard load of the period would ask again, and a throttled account only gets worse.
  if (usagePause(ctx, connection.instagramId)) return undefined;
  const refusals = periodRefusals(ctx);
  const key = `${connection.workspaceId} ${connection.instagramId} ${period.from} ${period.to}`;
  const refused = refusals.get(key);
  if (refused && now.getTime() < refused.until) return undefined;
  try {
    const rows = await readPeriodInsights(
      ctx.db,
      accountClientFor(ctx, connection),
      { workspaceId: connection.workspaceId, accountId: connection.instagramId },
      period,
      now,
    );
    refusals.delete(key);
    return rows;
  } catch (error) {
    const failures = (refused?.failures ?? 0) + 1;
    const waitMs = Math.min(PERIOD_RETRY_FIRST_MS * 2 ** (failures - 1), PERIOD_RETRY_MAX_MS);
    rememberRefusal(refusals, key, { failures, until: now.getTime() + waitMs });
    ctx.logger.warn(
      isGraphApiError(error)
        ? { code: error.code, from: period.from, to: period.to, retryInSeconds: waitMs / 1000 }
        : {
            err: error,
            accountId: connection.instagramId,
            from: period.from,
            to: period.to,
            retryInSeconds: waitMs / 1000,
          },
      "period insights not answered",
    );
    return undefined;
  }
}

/** After a refusal, the same account and days are asked again after 1, 2, 4 … minutes, at most an hour. */
const PERIOD_RETRY_FIRST_MS = 60_000;
const PERIOD_RETRY_MAX_MS = 3_600_000;
/** Refusals kept per app (each a few dozen bytes); the oldest go first beyond it. */
const PERIOD_REFUSALS_KEPT = 1_000;

type Refusal = { failures: number; until: number };
/** Per app (its InstagramContext), so two apps in one process (tests) keep their own. */
const refusalsByApp = new WeakMap<InstagramContext, Map<string, Refusal>>();

function periodRefusals(ctx: InstagramContext): Map<string, Refusal> {
  let refusals = refusalsByApp.get(ctx);
  if (!refusals) {
    refusals = new Map();
    refusalsByApp.set(ctx, refusals);
  }
  return refusals;
}

function rememberRefusal(refusals: Map<string, Refusal>, key: string, refusal: Refusal) {
  refusals.delete(key);
  refusals.set(key, refusal);
  // A Map iterates in insertion order: the first keys are the oldest refusals.
  for (const old of refusals.keys()) {
    if (refusals.size <= PERIOD_REFUSALS_KEPT) break;
    refusals.delete(old);
  }
}
