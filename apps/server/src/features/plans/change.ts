import type { PlanId, RealtimeEventType } from "@sightline/contracts";
import { type Db, insertAuditEvent, insertRealtimeEvent, setWorkspacePlan } from "@sightline/db";

/** Who changed a plan: the operator's command, the billing provider, or a browser test. */
export type PlanChangeSource = "operator" | "billing" | "test";

/**
 * The one way a workspace's plan changes (issue 30): stores it, writes `workspace.plan_changed`
 * in the workspace's log and tells its open tabs (`plan:changed`), which read their plan and
 * locks again without a reload. The event is written through the database as the event bus
 * writes it (a row and a NOTIFY), so a change made by another process, the operator's command
 * on PostgreSQL, reaches the running instances too. Answers false when no such workspace.
 */
export async function changePlan(
  db: Db,
  input: {
    workspaceId: string;
    from: PlanId;
    plan: PlanId;
    until: Date | null;
    by: PlanChangeSource;
    now: Date;
    /** Anything else worth keeping in the log (a billing event's id, a subscription status). */
    details?: Record<string, unknown>;
  },
): Promise<boolean> {
  const changed = await setWorkspacePlan(db, input.workspaceId, input.plan, input.until, input.now);
  if (!changed) return false;
  // Written here rather than through the workspaces feature's recordAudit (which depends on this
  // feature): no member acts, so the actor is empty, as for a job.
  await insertAuditEvent(db, {
    workspaceId: input.workspaceId,
    actorUserId: null,
    actorEmail: null,
    action: "workspace.plan_changed",
    target: input.plan,
    details: {
      from: input.from,
      to: input.plan,
      until: input.until?.toISOString() ?? null,
      by: input.by,
      ...input.details,
    },
  });
  await insertRealtimeEvent(db, {
    workspaceId: input.workspaceId,
    type: "plan:changed" satisfies RealtimeEventType,
    data: { plan: input.plan },
  });
  return true;
}
