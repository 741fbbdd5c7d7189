import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

export const scheduledPostStatuses = ["scheduled", "publishing", "published", "failed"] as const;
export type ScheduledPostStatus = (typeof scheduledPostStatuses)[number];

/** One item of a kept draft: where its file is stored and what the composer knew about it. */
export type ScheduledMediaItem = {
  bucket: "instagram-media" | "scheduled-content";
  key: string;
  mediaType: "image" | "video";
  aspectRatio?: number;
  durationMs?: number;
  cover?: { bucket: "instagram_media"; key: string };
  tags?: Array<{ username: string; x: number; y: number }>;
};

/**
 * Spec §3 scheduled_posts. `media_url` and `thumbnail_url` are storage paths
 * (`/storage/<bucket>/<key>`), signed when the post goes out: a signed URL would expire before
 * a post scheduled weeks ahead. Beyond the spec, the whole draft is kept (`items`,
 * `collaborators`) so the post goes out as the same kind of post, and the user's time zone with
 * the UTC instant.
 */
export const scheduledPosts = pgTable(
  "scheduled_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    mediaUrl: text("media_url").notNull(),
    mediaType: text("media_type", { enum: ["IMAGE", "VIDEO"] }).notNull(),
    caption: text("caption").notNull().default(""),
    hashtags: text("hashtags").array().notNull().default(sql`'{}'::text[]`),
    scheduledTime: timestamp("scheduled_time", { withTimezone: true }).notNull(),
    status: text("status", { enum: scheduledPostStatuses }).notNull().default("scheduled"),
    thumbnailUrl: text("thumbnail_url"),
    timeZone: text("time_zone").notNull(),
    items: jsonb("items").$type<ScheduledMediaItem[]>().notNull(),
    collaborators: text("collaborators").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "scheduled_posts_status_check",
      sql`${table.status} in ('scheduled', 'publishing', 'published', 'failed')`,
    ),
    index("scheduled_posts_user_time_idx").on(table.userId, table.scheduledTime),
    // The scheduler's work list: due posts still waiting.
    index("scheduled_posts_due_idx")
      .on(table.scheduledTime)
      .where(sql`${table.status} = 'scheduled'`),
  ],
);
