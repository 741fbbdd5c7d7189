import {
  activeUnderLimit,
  type Capability,
  type CountedCapability,
  capabilityPhrases,
  effectivePlan,
  type KeptItem,
  type PlanId,
  planAllowingMore,
  planCan,
  planCapabilities,
  planLimitMessage,
  planNames,
  planRequiredFor,
} from "@sightline/contracts";
import { type Db, findWorkspace } from "@sightline/db";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/app-error.ts";
import type { MemberEnv } from "../../middleware/session.ts";

/**
 * The workspace's plan in force (issue 30, decision 027): the stored plan, or Free once its end
 * date has passed. Requests read it from `c.var.workspace.plan`; jobs and services that only hold
 * an id ask here.
 */
export async function planOf(db: Db, workspaceId: string, now = new Date()): Promise<PlanId> {
  const row = await findWorkspace(db, workspaceId);
  return row ? effectivePlan(row.plan, row.planUntil, now) : "free";
}

/** Whether the plan has the capability (contracts' table is the one place that says). */
export function can(workspace: { plan: PlanId }, capability: Capability): boolean {
  return planCan(workspace.plan, capability);
}

/** The plan's limit of a counted capability (`null`: no limit). */
export function limit(workspace: { plan: PlanId }, capability: CountedCapability): number | null {
  return planCapabilities[workspace.plan][capability];
}

/** The 403 a plan answers with: `plan_required`, naming the capability and the plan that has it. */
export function planRequired(plan: PlanId, capability: Capability, message?: string): AppError {
  const detail = planRequiredFor(plan, capability);
  const { requiredPlan } = detail;
  return new AppError(
    "plan_required",
    message ??
      `${requiredPlan ? `The ${planNames[requiredPlan]} plan includes` : "No plan includes more"} ${capabilityPhrases[capability]}. This workspace is on the ${planNames[plan]} plan.`,
    undefined,
    detail,
  );
}

/** A route the plan must include (after `requireMember`): 403 `plan_required` otherwise. */
export function requirePlan(capability: Capability) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    if (!can(c.var.workspace, capability)) throw planRequired(c.var.workspace.plan, capability);
    await next();
  });
}

/**
 * Refuses (403 `plan_required`) when `count` already fills the plan's limit of `capability`;
 * answers the plan otherwise.
 */
export async function assertWithinPlan(
  db: Db,
  workspace: string | { id: string; plan: PlanId },
  capability: CountedCapability,
  count: number,
): Promise<PlanId> {
  const plan = typeof workspace === "string" ? await planOf(db, workspace) : workspace.plan;
  const max = planCapabilities[plan][capability];
  if (max !== null && count >= max) {
    throw planRequired(plan, capability, planLimitMessage(plan, capability));
  }
  return plan;
}

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
  const quota = planCapabilities[plan].storageBytes;
  if (used + adding <= quota) return;
  const gb = (bytes: number) => `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB`;
  const next = planAllowingMore(plan, "storageBytes");
  throw new AppError(
    "payload_too_large",
    `Storage is full: the ${planNames[plan]} plan keeps up to ${gb(quota)} of uploads (${gb(used)} used). Delete drafts you no longer need${next ? ` or upgrade to ${planNames[next]} for ${gb(planCapabilities[next].storageBytes)}` : ""}.`,
  );
}

/**
 * The ids of `items` a plan pauses (issue 30 point 6): those over its limit of `capability`,
 * after the ones a member chose to keep and the oldest. Paused items are kept, never deleted.
 */
export function pausedByPlan(
  workspace: { plan: PlanId },
  capability: "accounts" | "trendHashtags" | "pressKeywords",
  items: readonly KeptItem[],
): Set<string> {
  const active = activeUnderLimit(items, planCapabilities[workspace.plan][capability]);
  return new Set(items.filter((item) => !active.has(item.id)).map((item) => item.id));
}
