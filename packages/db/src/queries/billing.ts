import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { stripeEvents, workspaceBilling } from "../schema/billing.ts";

/*
 * Billing with Stripe (issue 30, decision 028): a workspace's customer and subscription, and the
 * Stripe events already handled. Every function takes the workspace it acts on, except the
 * look-ups a webhook starts from (a Stripe customer or event id, which name no workspace yet).
 */

export type WorkspaceBillingRow = typeof workspaceBilling.$inferSelect;

export async function findWorkspaceBilling(db: Db, workspaceId: string) {
  const [row] = await db
    .select()
    .from(workspaceBilling)
    .where(eq(workspaceBilling.workspaceId, workspaceId));
  return row;
}

/**
 * The workspace a Stripe customer belongs to (a webhook knows only the customer), its row locked
 * until the transaction ends: two events for one customer are applied one after the other.
 */
export async function findWorkspaceBillingByCustomer(db: Db, stripeCustomerId: string) {
  const [row] = await db
    .select()
    .from(workspaceBilling)
    .where(eq(workspaceBilling.stripeCustomerId, stripeCustomerId))
    .for("update");
  return row;
}

/**
 * Records the workspace's Stripe customer unless it has one already; answers the one it has
 * (two checkouts at once: the first stored wins, the other customer stays unused at Stripe).
 */
export async function ensureWorkspaceBilling(
  db: Db,
  workspaceId: string,
  stripeCustomerId: string,
  at: Date,
): Promise<WorkspaceBillingRow> {
  await db
    .insert(workspaceBilling)
    .values({ workspaceId, stripeCustomerId, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: workspaceBilling.workspaceId });
  const row = await findWorkspaceBilling(db, workspaceId);
  if (!row) throw new Error("workspace billing row vanished after insert");
  return row;
}

/** Stores what an applied Stripe event says about the workspace's subscription. */
export async function updateWorkspaceBilling(
  db: Db,
  workspaceId: string,
  values: Partial<
    Pick<
      WorkspaceBillingRow,
      | "stripeCustomerId"
      | "stripeSubscriptionId"
      | "subscriptionStatus"
      | "stripePriceId"
      | "plan"
      | "lastEventCreated"
      | "paymentFailedAt"
    >
  >,
  at: Date,
) {
  await db
    .update(workspaceBilling)
    .set({ ...values, updatedAt: at })
    .where(eq(workspaceBilling.workspaceId, workspaceId));
}

/**
 * Claims a Stripe event id: true the first time, false when it was handled before (a
 * redelivery). Run in the transaction that applies the event, so a failure un-claims it and
 * Stripe's retry applies it then; a second delivery racing the first waits on the key.
 */
export async function claimStripeEvent(
  db: Db,
  event: { eventId: string; type: string; eventCreated: number },
): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ ...event, outcome: "pending" })
    .onConflictDoNothing({ target: stripeEvents.eventId })
    .returning({ eventId: stripeEvents.eventId });
  return rows.length > 0;
}

/** What came of a claimed event, and the workspace it concerned. */
export async function recordStripeEventOutcome(
  db: Db,
  eventId: string,
  outcome: { workspaceId: string | null; outcome: "applied" | "stale" | "ignored" },
) {
  await db.update(stripeEvents).set(outcome).where(eq(stripeEvents.eventId, eventId));
}
