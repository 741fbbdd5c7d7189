import { type PlanId, planCapabilities, planLimitMessage } from "@sightline/contracts";
import { countScheduledPostsSince, type Db, givePlanUsageBack, takePlanUsage } from "@sightline/db";
import { planRequired } from "./plans.ts";

/*
 * Monthly allowances (issue 30): scheduled posts and AI credits per calendar month, UTC. The
 * month starts again on the 1st at 00:00 UTC, which the messages and the meters say.
 */

/** The first instant of `at`'s month, UTC. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The first instant of the next month, UTC: when the allowances start again. */
export function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** `YYYY-MM-01` of `at`'s month, UTC: the key of the monthly allowances' rows. */
export const monthKey = (at: Date) => monthStart(at).toISOString().slice(0, 10);

/** "1 December" (the day the allowance starts again), in English as the messages are. */
function resetDay(at: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(nextMonthStart(at));
}

/** A monthly allowance used up: the plan's sentence and the day the count starts again. */
function monthlyRefusal(
  plan: PlanId,
  capability: "scheduledPostsPerMonth" | "aiCreditsPerMonth",
  now: Date,
) {
  return planRequired(
    plan,
    capability,
    `${planLimitMessage(plan, capability)} This month's count starts again on ${resetDay(now)}.`,
  );
}

/**
 * Refuses a new scheduled (or published-now) post when the workspace's plan has a monthly limit
 * and this month's posts fill it.
 */
export async function assertScheduledPostRoom(
  db: Db,
  workspace: { id: string; plan: PlanId },
  now: Date,
) {
  const limit = planCapabilities[workspace.plan].scheduledPostsPerMonth;
  if (limit === null) return;
  const used = await countScheduledPostsSince(db, workspace.id, monthStart(now));
  if (used >= limit) throw monthlyRefusal(workspace.plan, "scheduledPostsPerMonth", now);
}

/**
 * Takes one AI credit (an AI caption or an AI Suggest) for the workspace, refusing when the month's
 * are used up; answers a function that gives it back when the work then fails.
 */
export async function takeAiCredit(
  db: Db,
  workspace: { id: string; plan: PlanId },
  now: Date,
): Promise<() => Promise<void>> {
  const limit = planCapabilities[workspace.plan].aiCreditsPerMonth;
  if (limit === null) return async () => {};
  const key = { workspaceId: workspace.id, month: monthKey(now), capability: "aiCreditsPerMonth" };
  if (!(await takePlanUsage(db, { ...key, limit }))) {
    throw monthlyRefusal(workspace.plan, "aiCreditsPerMonth", now);
  }
  return () => givePlanUsageBack(db, key);
}
