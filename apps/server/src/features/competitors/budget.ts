import {
  BUSINESS_DISCOVERY_CALLS_PER_HOUR,
  BUSINESS_DISCOVERY_USAGE_CEILING,
} from "@sightline/contracts";
import { countBusinessDiscoveryCalls } from "@sightline/db";
import type { CompetitorsContext } from "./context.ts";

const HOUR_MS = 3_600_000;

export type DiscoveryBudget = {
  /** Calls made as the account in the last hour and 24 hours, by every workspace on it. */
  lastHour: number;
  lastDay: number;
  hourlyLimit: number;
  /** Meta's X-App-Usage at the last answer (percent of the app's Platform limit), if known. */
  appUsagePercent: number | null;
  appUsageAt: string | null;
  /** Why a read would wait now, or null when it may go ahead. */
  waitReason: string | null;
};

/**
 * Business Discovery's budget as the account spends it (Graph API contract §8.4): Platform
 * limits, 200 calls per app user per rolling hour, shared with hashtag search. Competitors keep
 * to their own share per hour and stop when Meta reports the app's usage high (Graph API contract §8.5).
 */
export async function discoveryBudget(
  deps: Pick<CompetitorsContext, "db" | "now" | "instagram">,
  accountId: string,
): Promise<DiscoveryBudget> {
  const now = deps.now();
  const [lastHour, lastDay] = await Promise.all([
    countBusinessDiscoveryCalls(deps.db, accountId, new Date(now - HOUR_MS)),
    countBusinessDiscoveryCalls(deps.db, accountId, new Date(now - 24 * HOUR_MS)),
  ]);
  const seen = deps.instagram.graphUsage.get(accountId);
  // The app-level figure is a rolling hour: an answer older than that says nothing of now.
  const fresh = seen && now - seen.at < HOUR_MS ? seen : undefined;
  const appUsagePercent = fresh?.usage.app
    ? Math.max(fresh.usage.app.callCount, fresh.usage.app.totalCputime, fresh.usage.app.totalTime)
    : null;
  const waitReason =
    lastHour >= BUSINESS_DISCOVERY_CALLS_PER_HOUR
      ? `This account has made its ${BUSINESS_DISCOVERY_CALLS_PER_HOUR} competitor look-ups for this hour. Try again in an hour.`
      : appUsagePercent !== null && appUsagePercent >= BUSINESS_DISCOVERY_USAGE_CEILING
        ? `Instagram reports the app's usage at ${appUsagePercent}% of its hourly limit, so competitor look-ups wait until it falls. Try again in an hour.`
        : null;
  return {
    lastHour,
    lastDay,
    hourlyLimit: BUSINESS_DISCOVERY_CALLS_PER_HOUR,
    appUsagePercent,
    appUsageAt: fresh ? new Date(fresh.at).toISOString() : null,
    waitReason,
  };
}
