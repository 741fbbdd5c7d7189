import { bigint, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * Every uploaded file and who uploaded it: the owner of a key that carries no user folder (video
 * covers, `instagram_media/video_covers/{uuid}.jpg`), the bytes a user stores (the storage quota,
 * services/plans.ts) and what to remove from storage when the account goes.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    index("stored_files_user_id_idx").on(table.userId),
  ],
);
