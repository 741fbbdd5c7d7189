import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every data-deletion request (Meta's callback today; the in-app path later), kept so that
 * /data-deletion?code=… can show its status. Holds no personal data beyond Meta's scoped id.
 */
export const dataDeletionRequests = pgTable("data_deletion_requests", {
  id: uuid("id").primaryKey().defaultRandom(),
  confirmationCode: text("confirmation_code").notNull().unique(),
  source: text("source", { enum: ["meta_callback", "account"] }).notNull(),
  metaUserId: text("meta_user_id"),
  /** SHA-256 of Meta's signed_request: a replay finds the first request instead of a new one. */
  signedRequestHash: text("signed_request_hash").unique(),
  status: text("status", { enum: ["pending", "completed"] }).notNull(),
  deleted: jsonb("deleted").$type<Record<string, number>>().notNull().default({}),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
});
