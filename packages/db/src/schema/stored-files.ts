import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

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
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    /**
     * What the upload's bytes were sniffed as, and an image's width and height, kept at upload so
     * the pre-publish checks read this row instead of the file (issue 26 point 5). Null for files
     * kept before migration 0040: those are read from storage as before.
     */
    contentType: text("content_type"),
    width: integer("width"),
    height: integer("height"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    index("stored_files_workspace_id_idx").on(table.workspaceId),
  ],
);
