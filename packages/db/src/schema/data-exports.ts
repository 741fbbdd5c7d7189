import { customType, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A user's "export everything" request: built in the background (progress 0-100), the zip kept
 * here until it expires. The bytes live in the database so that deleting the user deletes them.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "running", "ready", "failed"] }).notNull(),
    progress: integer("progress").notNull().default(0),
    fileName: text("file_name"),
    sizeBytes: integer("size_bytes"),
    file: bytea("file"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [index("data_exports_user_id_created_at_idx").on(table.userId, table.createdAt)],
);
