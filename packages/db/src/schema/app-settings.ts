import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Installation-wide settings (one row per key), e.g. the installation id written at first start. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
