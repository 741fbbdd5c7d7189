import type { AnalyticsPeriodQuery } from "@sightline/contracts";
import {
  countAccountsActivity,
  type Db,
  findAccountsPeriodMetrics,
  findOldestAccountInsightDays,
  type InstagramConnectionRow,
  listAccountsDailyMetrics,
} from "@sightline/db";
import { addDays, dayStart, resolvePeriod } from "./period.ts";
import {
  buildOverview,
  dashboardDailyMetrics,
  type OverviewReads,
  type PeriodFetcher,
  perPeriodMetrics,
} from "./service.ts";

/**
 * Issue 29 point 3, "All accounts": the agency's morning view, each account of the workspace
 * side by side for one period. Each account's figures are its own dashboard's (the same
 * buildOverview, so Reach is Instagram's unique count for the period, never a sum of days),
 * with its posts published in the period and the direct messages waiting for its reply.
 */
export async function buildAccountsOverview(
  db: Db,
  workspaceId: string,
  connections: InstagramConnectionRow[],
  query: AnalyticsPeriodQuery,
  now: Date,
  timeZone: string,
  fetchPeriodFor?: (connection: InstagramConnectionRow) => PeriodFetcher,
  /** The plan's history window (history.ts): a previous period older than it is not compared. */
  history?: { from: string; label: string },
) {
  // What each account's dashboard reads, for every account in one query per kind (four in all,
  // where a dashboard per account took five each); the figures are worked out as a dashboard's.
  const window = resolvePeriod(query, now, timeZone);
  const ids = connections.map((connection) => connection.instagramId);
  const [daily, oldest, stored, activities] = await Promise.all([
    listAccountsDailyMetrics(db, workspaceId, ids, {
      from: window.previous.from,
      to: window.to,
      metrics: dashboardDailyMetrics,
    }),
    findOldestAccountInsightDays(db, workspaceId, ids),
    findAccountsPeriodMetrics(db, workspaceId, ids, {
      windows: [window, window.previous],
      metrics: perPeriodMetrics,
    }),
    countAccountsActivity(db, workspaceId, ids, {
      postedFrom: dayStart(window.from, timeZone),
      postedBefore: dayStart(addDays(window.to, 1), timeZone),
    }),
  ]);
  const reads: OverviewReads = {
    daily: async (_db, scope, options) =>
      (daily.get(scope.accountId) ?? []).filter(
        (row) =>
          row.day >= options.from && row.day <= options.to && options.metrics.includes(row.metric),
      ),
    oldestDay: async (_db, scope) => oldest.get(scope.accountId) ?? null,
    periodMetrics: async (_db, scope, options) =>
      new Map(
        [...(stored.get(`${scope.accountId} ${options.from} ${options.to}`) ?? [])].filter(
          ([metric]) => options.metrics.includes(metric),
        ),
      ),
  };

  const accounts = [];
  let period: { from: string; to: string; days: number } | undefined;
  for (const connection of connections) {
    const scope = { workspaceId, accountId: connection.instagramId };
    const overview = await buildOverview(
      db,
      scope,
      connection.followersCount,
      query,
      now,
      timeZone,
      fetchPeriodFor?.(connection),
      { topPosts: false, reads, ...(history ? { history } : {}) },
    );
    period = overview.period;
    const activity = activities.get(connection.instagramId) ?? { posts: 0, unansweredMessages: 0 };
    const { followers, reach, views, engagementRate } = overview.kpis;
    accounts.push({
      instagramId: connection.instagramId,
      username: connection.instagramUsername,
      profilePictureUrl: connection.profilePictureUrl,
      status: connection.status,
      lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
      followers: { value: followers.value, change: followers.change },
      reach: { value: reach.value, basis: reach.basis, changePct: reach.changePct },
      views: { value: views.value, basis: views.basis, changePct: views.changePct },
      engagementRate: { value: engagementRate.value, basis: engagementRate.basis },
      posts: activity.posts,
      unansweredMessages: activity.unansweredMessages,
    });
  }
  return { period: period ?? null, timeZone, accounts };
}
