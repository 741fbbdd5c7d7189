import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspacePlans, workspaces } from "./workspaces.ts";

/*
 * Billing with Stripe (issue 30, decision 028). Only used when the server is configured for it;
 * the plan itself stays in `workspaces.plan` / `plan_until`, which billing sets like the
 * operator's command does.
 */

/**
 * A workspace's Stripe customer and subscription as the last applied event left them. One row
 * per workspace; a Stripe customer belongs to one workspace.
 */
export const workspaceBilling = pgTable("workspace_billing", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id")
    .notNull()
    .unique("workspace_billing_customer_unique"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  /** Stripe's subscription status (active, trialing, past_due, canceled, …). */
  subscriptionStatus: text("subscription_status"),
  stripePriceId: text("stripe_price_id"),
  /** The plan the subscription's price is for (null: none, or a price not configured). */
  plan: text("plan", { enum: workspacePlans }),
  /**
   * `created` (seconds) of the newest Stripe event applied: an older event arriving later does
   * not overwrite what a newer one set (Stripe does not deliver in order).
   */
  lastEventCreated: bigint("last_event_created", { mode: "number" }),
  /** When the failed payment that started the grace period happened; null when paid up. */
  paymentFailedAt: timestamp("payment_failed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Stripe events already handled, by Stripe's event id: a redelivered event is acknowledged and
 * not applied again. The workspace is kept (when the event named one) so deleting a workspace
 * deletes its rows; the key is the event id alone, because Stripe's ids are unique and an event
 * must be recognised before we know whose it is.
 */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    eventId: text("event_id").primaryKey(),
    type: text("type").notNull(),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    /** Stripe's `created` (seconds). */
    eventCreated: bigint("event_created", { mode: "number" }).notNull(),
    /** What came of it: applied, stale (older than what was applied), ignored. */
    outcome: text("outcome").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("stripe_events_workspace_idx").on(table.workspaceId, table.processedAt)],
);
