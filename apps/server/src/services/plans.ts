import {
  type PlanId,
  type PlanLimits,
  planAllowingMore,
  planLimits,
  planNames,
} from "@sightline/contracts";
import type { Db } from "@sightline/db";
import { AppError } from "../lib/app-error.ts";

/**
 * The user's plan. Plans have no storage yet (the plans issue adds it): everyone is on Free
 * until then, and this is the one place that changes.
 */
export async function planOf(_db: Db, _userId: string): Promise<PlanId> {
  return "free";
}

const limitNouns: Record<keyof PlanLimits, [one: string, many: string, verb: string]> = {
  trendHashtags: ["hashtag", "hashtags", "track"],
  pressKeywords: ["keyword", "keywords", "watch"],
};

/** "The Free plan tracks up to 3 hashtags. Starter tracks up to 10." */
export function planLimitMessage(plan: PlanId, limit: keyof PlanLimits): string {
  const [one, many, verb] = limitNouns[limit];
  const max = planLimits[plan][limit];
  const current = `The ${planNames[plan]} plan can ${verb} up to ${max} ${max === 1 ? one : many}.`;
  const next = planAllowingMore(plan, limit);
  return next
    ? `${current} Upgrade to ${planNames[next]} to ${verb} up to ${planLimits[next][limit]}.`
    : `${current} Remove one to add another.`;
}

/** Refuses (403) when `count` already fills the plan's `limit`. */
export async function assertWithinPlan(
  db: Db,
  userId: string,
  limit: keyof PlanLimits,
  count: number,
): Promise<PlanId> {
  const plan = await planOf(db, userId);
  if (count >= planLimits[plan][limit]) {
    throw new AppError("forbidden", planLimitMessage(plan, limit));
  }
  return plan;
}
