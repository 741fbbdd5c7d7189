import type { AnalyticsPeriodQuery } from "@sightline/contracts";
import { countAccountActivity, type Db, type InstagramConnectionRow } from "@sightline/db";
import { addDays, dayStart } from "./period.ts";
import { buildOverview, type PeriodFetcher } from "./service.ts";

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
) {
  const accounts = [];
  let period: { from: string; to: string; days: number } | undefined;
  // One account after another: on the embedded database queries run one at a time anyway.
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
      { topPosts: false },
    );
    period = overview.period;
    const activity = await countAccountActivity(db, scope, {
      postedFrom: dayStart(overview.period.from, timeZone),
      postedBefore: dayStart(addDays(overview.period.to, 1), timeZone),
    });
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
