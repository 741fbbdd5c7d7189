import type { WebhookDeliveryStatus } from "@sightline/contracts";
import { and, asc, count, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { webhookDeliveries, webhookEndpoints } from "../schema/index.ts";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;

const endpointIn = (workspaceId: string, id: string) =>
  and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id));

export function listWebhookEndpoints(db: Db, workspaceId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function countWebhookEndpoints(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

export async function findWebhookEndpoint(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(endpointIn(workspaceId, id));
  return row;
}

/** The endpoints of a workspace that are on, with the events each is subscribed to. */
export function listEnabledWebhookEndpoints(
  db: Db,
  workspaceId: string,
): Promise<Array<Pick<WebhookEndpointRow, "id" | "events">>> {
  return db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.enabled, true)));
}

export async function insertWebhookEndpoint(
  db: Db,
  row: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [inserted] = await db.insert(webhookEndpoints).values(row).returning();
  return inserted!;
}

export async function updateWebhookEndpoint(
  db: Db,
  workspaceId: string,
  id: string,
  patch: Partial<
    Pick<
      WebhookEndpointRow,
      | "description"
      | "events"
      | "enabled"
      | "disabledReason"
      | "consecutiveFailures"
      | "secret"
      | "updatedAt"
    >
  >,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(patch)
    .where(endpointIn(workspaceId, id))
    .returning();
  return row;
}

export async function deleteWebhookEndpoint(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(endpointIn(workspaceId, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * After an automatic delivery settled: a success clears the endpoint's run of failures, a
 * delivery given up adds one; answers the endpoint as it is now.
 */
export async function recordWebhookEndpointOutcome(
  db: Db,
  workspaceId: string,
  id: string,
  outcome: "succeeded" | "given_up",
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures:
        outcome === "succeeded" ? 0 : sql`${webhookEndpoints.consecutiveFailures} + 1`,
    })
    .where(endpointIn(workspaceId, id))
    .returning();
  return row;
}

/** Writes deliveries; one already written for the same endpoint, event and attempt is skipped. */
export async function insertWebhookDeliveries(
  db: Db,
  rows: NewWebhookDelivery[],
): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning();
}

/** A page of an endpoint's delivery log, newest first (`before`: the previous page's cursor). */
export function listWebhookDeliveries(
  db: Db,
  workspaceId: string,
  endpointId: string,
  page: { before?: number | undefined; limit: number },
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspaceId),
        eq(webhookDeliveries.endpointId, endpointId),
        page.before !== undefined ? lt(webhookDeliveries.seq, page.before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(page.limit);
}

/** The newest delivery of each of these endpoints (the list's "last delivery"). */
export async function latestWebhookDeliveries(
  db: Db,
  workspaceId: string,
  endpointIds: string[],
): Promise<Map<string, WebhookDeliveryRow>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpointId])
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspaceId),
        inArray(webhookDeliveries.endpointId, endpointIds),
      ),
    )
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.seq));
  return new Map(rows.map((row) => [row.endpointId, row]));
}

export async function findWebhookDelivery(
  db: Db,
  workspaceId: string,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspaceId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row;
}

/** The highest attempt number written for an endpoint's event (a resend takes the next). */
export async function lastWebhookAttempt(
  db: Db,
  workspaceId: string,
  endpointId: string,
  eventId: string,
): Promise<number> {
  const [row] = await db
    .select({ attempt: sql<number>`max(${webhookDeliveries.attempt})` })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, workspaceId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.eventId, eventId),
      ),
    );
  return Number(row?.attempt ?? 0);
}

/** Pending deliveries due by `now`, oldest first, across workspaces (the delivery drain). */
export function listDueWebhookDeliveries(
  db: Db,
  now: Date,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.seq))
    .limit(limit);
}

/** When the next pending delivery is due, or undefined. */
export async function nextWebhookDeliveryDue(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, "pending"))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(1);
  return row?.at ?? undefined;
}

/**
 * Takes a due delivery for one attempt: its due time moves to `leaseUntil`, so a process that
 * dies while the request is out leaves a row tried again then, and a second drain that read the
 * same row gets nothing. Answers false when the row is no longer pending and due.
 */
export async function claimWebhookDelivery(
  db: Db,
  delivery: Pick<WebhookDeliveryRow, "id" | "workspaceId">,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(webhookDeliveries.workspaceId, delivery.workspaceId),
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export async function settleWebhookDelivery(
  db: Db,
  delivery: Pick<WebhookDeliveryRow, "id" | "workspaceId">,
  result: {
    status: Exclude<WebhookDeliveryStatus, "pending">;
    responseCode: number | null;
    responseExcerpt: string | null;
    durationMs: number;
    deliveredAt: Date;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ ...result, nextAttemptAt: null })
    .where(
      and(
        eq(webhookDeliveries.workspaceId, delivery.workspaceId),
        eq(webhookDeliveries.id, delivery.id),
      ),
    );
}

/** Retention: deliveries written before `before` go (the daily sweep). */
export async function pruneWebhookDeliveries(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(
      and(
        lt(webhookDeliveries.createdAt, before),
        // The queue is never pruned: a pending row is still to be tried.
        inArray(webhookDeliveries.status, ["succeeded", "failed", "given_up"]),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
