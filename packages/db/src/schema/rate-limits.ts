import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Attempts counted against a key that is not the client's address: a target e-mail address
 * (hashed with the server secret, so the table holds no addresses), for the per-account limits
 * on sign-in failures, sign-up, recovery and support. Rows older than the longest window are
 * pruned as new ones arrive.
 */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("rate_limit_events_key_created_at_idx").on(table.key, table.createdAt)],
);
