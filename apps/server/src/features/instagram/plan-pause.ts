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

/**
 * The plan that pauses `connection` (its workspace's), or null when the account is active.
 * `connections`: the workspace's, when the caller has just read them (not read again).
 */
export async function accountPausedBy(
  db: Db,
  connection: Pick<InstagramConnectionRow, "workspaceId" | "instagramId">,
  connections?: readonly InstagramConnectionRow[],
): Promise<PlanId | null> {
  const plan = await planOf(db, connection.workspaceId);
  const paused = pausedAccounts(
    plan,
    connections ?? (await listInstagramConnections(db, connection.workspaceId)),
  );
  return paused.has(connection.instagramId) ? plan : null;
}

/**
 * The connection `findInstagramConnection` would answer, picked from the workspace's list
 * (`listInstagramConnections`, oldest first): the named account, or the first.
 */
export function pickConnection(
  connections: readonly InstagramConnectionRow[],
  accountId: string | undefined,
): InstagramConnectionRow | undefined {
  return accountId === undefined
    ? connections[0]
    : connections.find((row) => row.instagramId === accountId);
}
