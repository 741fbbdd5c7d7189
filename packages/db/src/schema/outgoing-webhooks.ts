import type {
  WebhookDeliveryEventType,
  WebhookDeliveryStatus,
  WebhookEventBody,
  WebhookEventType,
} from "@sightline/contracts";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/**
 * A URL a workspace subscribed to events (issue 35 point 4, decision 034). `secret` is the
 * signing secret sealed by the token vault (bound to the workspace and the endpoint); it is
 * shown once, at creation and when rolled. An endpoint whose deliveries were given up on
 * `consecutive_failures` times in a row is switched off with `disabled_reason`.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().$type<WebhookEventType[]>().notNull(),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("webhook_endpoints_workspace_idx").on(table.workspaceId, table.createdAt)],
);

/**
 * One attempt to deliver one event to one endpoint: the delivery log. The first attempt is
 * written once per (endpoint, event) — the unique index makes a second emission of the same
 * event a no-op — and each retry is a new row with the next `attempt`. `pending` rows are the
 * queue (due at `next_attempt_at`); `manual` ones ("Send test event", "Resend") are never
 * retried and never count toward switching the endpoint off.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Order of the log and its page cursor. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").$type<WebhookDeliveryEventType>().notNull(),
    payload: jsonb("payload").$type<WebhookEventBody>().notNull(),
    attempt: integer("attempt").notNull(),
    manual: boolean("manual").notNull().default(false),
    status: text("status").$type<WebhookDeliveryStatus>().notNull(),
    responseCode: integer("response_code"),
    /** The first few hundred characters of the answer, or why there was none (a timeout). */
    responseExcerpt: text("response_excerpt"),
    durationMs: integer("duration_ms"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_event_idx").on(
      table.workspaceId,
      table.endpointId,
      table.eventId,
      table.attempt,
    ),
    index("webhook_deliveries_log_idx").on(table.workspaceId, table.endpointId, table.seq),
    index("webhook_deliveries_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index("webhook_deliveries_created_idx").on(table.createdAt),
    check(
      "webhook_deliveries_status_check",
      sql`${table.status} in ('pending', 'succeeded', 'failed', 'given_up')`,
    ),
  ],
);
