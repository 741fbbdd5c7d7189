import type { PlanId } from "@sightline/contracts";
import { type Db, type InstagramConnectionRow, listInstagramConnections } from "@sightline/db";
import { pausedByPlan, planOf } from "../plans/index.ts";

/**
 * A workspace with more accounts than its plan connects (after a downgrade, issue 30 point 6):
 * the accounts over the limit are paused — not synced, not published to — and keep all they
 * hold. Members choose which stay active (`keptAt`); the oldest otherwise.
 */
export function pausedAccounts(
  plan: PlanId,
  connections: readonly InstagramConnectionRow[],
): Set<string> {
  return pausedByPlan(
    { plan },
    "accounts",
    connections.map((row) => ({
      id: row.instagramId,
      keptAt: row.keptAt,
      createdAt: row.connectedAt,
    })),
  );
}

/** The plan that pauses `connection` (its workspace's), or null when the account is active. */
export async function accountPausedBy(
  db: Db,
  connection: Pick<InstagramConnectionRow, "workspaceId" | "instagramId">,
): Promise<PlanId | null> {
  const plan = await planOf(db, connection.workspaceId);
  const paused = pausedAccounts(plan, await listInstagramConnections(db, connection.workspaceId));
  return paused.has(connection.instagramId) ? plan : null;
}
