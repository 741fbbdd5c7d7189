import {
  type PlanId,
  type PlanLimits,
  planAllowingMore,
  planLimits,
  planNames,
} from "@sightline/contracts";
import type { Db } from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";

/**
 * The workspace's plan (decision 026: a plan belongs to a workspace). Plans have no storage yet
 * (the plans issue adds it): everyone is on Free until then, and this is the one place that
 * changes.
 */
export async function planOf(_db: Db, _workspaceId: string): Promise<PlanId> {
  return "free";
}

type CountedLimit = Exclude<keyof PlanLimits, "storageBytes">;

const limitNouns: Record<CountedLimit, [one: string, many: string, verb: string]> = {
  trendHashtags: ["hashtag", "hashtags", "track"],
  pressKeywords: ["keyword", "keywords", "watch"],
};

/**
 * The storage quota: refuses (413) an upload of `adding` bytes that would take the workspace's
 * files past their plan's `storageBytes` (contracts/plans.ts is the one place that says the number).
 */
export async function assertStorageRoom(
  db: Db,
  workspaceId: string,
  used: number,
  adding: number,
): Promise<void> {
  const plan = await planOf(db, workspaceId);
  const quota = planLimits[plan].storageBytes;
  if (used + adding <= quota) return;
  const gb = (bytes: number) => `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB`;
  const next = planAllowingMore(plan, "storageBytes");
  throw new AppError(
    "payload_too_large",
    `Storage is full: the ${planNames[plan]} plan keeps up to ${gb(quota)} of uploads (${gb(used)} used). Delete drafts you no longer need${next ? ` or upgrade to ${planNames[next]} for ${gb(planLimits[next].storageBytes)}` : ""}.`,
  );
}

/** "The Free plan tracks up to 3 hashtags. Starter tracks up to 10." */
export function planLimitMessage(plan: PlanId, limit: CountedLimit): string {
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
  workspaceId: string,
  limit: CountedLimit,
  count: number,
): Promise<PlanId> {
  const plan = await planOf(db, workspaceId);
  if (count >= planLimits[plan][limit]) {
    throw new AppError("forbidden", planLimitMessage(plan, limit));
  }
  return plan;
}
