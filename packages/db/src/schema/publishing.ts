import { type PostType, scheduledPostStatuses } from "@sightline/contracts";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { workspaces } from "./workspaces.ts";

export { type ScheduledPostStatus, scheduledPostStatuses } from "@sightline/contracts";

/**
 * The publish journal (issue 13 point 5): every Instagram-side effect is written here before the
 * pipeline moves on, so a crash or a second worker resumes instead of creating a second post.
 */
export type PublishProgress = {
  /** Carousel children in draft order: the container made for each item. */
  children?: Array<{ index: number; containerId: string }>;
  /** The container that is published (the single item's, or the carousel's). */
  containerId?: string;
  /** Resumable video uploads finished, by container id. */
  uploaded?: string[];
  /** Set just before media_publish is called: from then on, never publish without reading the container first. */
  publishRequestedAt?: string;
  /**
   * A preparation in flight (issue 27 point 6): its token fences its writes (an edit resets the
   * journal, so a preparation that outlived its content writes nothing), `until` when another may
   * take over. The publish attempt ignores it.
   */
  preparing?: { token: string; until: string };
  /** When the containers above were made ahead of the scheduled time, before any claim. */
  preparedAt?: string;
  /** The content they were made from (contentFingerprint): a post edited since starts again. */
  preparedFor?: string;
};

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
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The member who wrote it (null once their user is deleted; the post stays the workspace's). */
    createdByUserId: text("created_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
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
    /** The browser's id for the draft: the same id twice never makes a second post. */
    clientId: uuid("client_id"),
    /** What the draft goes out as (contracts' post-type rule at publish time). */
    postType: text("post_type").$type<PostType>(),
    progress: jsonb("progress").$type<PublishProgress>().notNull().default({}),
    attemptCount: integer("attempt_count").notNull().default(0),
    /** A worker holds a publishing post until this instant; past it another may resume it. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    igMediaId: text("ig_media_id"),
    permalink: text("permalink"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "scheduled_posts_status_check",
      sql`${table.status} in ('draft', 'scheduled', 'publishing', 'published', 'failed')`,
    ),
    uniqueIndex("scheduled_posts_client_id_idx").on(table.workspaceId, table.clientId),
    index("scheduled_posts_publishing_idx")
      .on(table.leaseUntil)
      .where(sql`${table.status} = 'publishing'`),
    index("scheduled_posts_workspace_time_idx").on(table.workspaceId, table.scheduledTime),
    // The scheduler's work list: due posts still waiting.
    index("scheduled_posts_due_idx")
      .on(table.scheduledTime)
      .where(sql`${table.status} = 'scheduled'`),
  ],
);

/** Every step of every attempt at publishing a post (issue 13 point 5; the scheduler's history). */
export const publishAttempts = pgTable(
  "publish_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    step: text("step").notNull(),
    outcome: text("outcome", { enum: ["started", "done", "retrying", "failed"] }).notNull(),
    message: text("message"),
  },
  (table) => [index("publish_attempts_post_idx").on(table.postId, table.at)],
);

/** Spec §3 instagram_posts: what went out through Sightline. */
export const instagramPosts = pgTable(
  "instagram_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    igMediaId: text("ig_media_id").notNull(),
    caption: text("caption").notNull().default(""),
    status: text("status").notNull().default("published"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    collaborators: text("collaborators").array(),
    postType: text("post_type").$type<PostType>().notNull(),
    permalink: text("permalink"),
    scheduledPostId: uuid("scheduled_post_id").references(() => scheduledPosts.id, {
      onDelete: "set null",
    }),
  },
  (table) => [
    uniqueIndex("instagram_posts_media_idx").on(table.accountId, table.igMediaId),
    index("instagram_posts_workspace_idx").on(table.workspaceId, table.publishedAt),
  ],
);

/** Spec §3 instagram_media_items. */
export const instagramMediaItems = pgTable(
  "instagram_media_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => instagramPosts.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["IMAGE", "VIDEO"] }).notNull(),
    /** Where the file came from: `upload` (Sightline's storage). */
    source: text("source").notNull(),
    originalUrl: text("original_url").notNull(),
    orderIndex: integer("order_index").notNull(),
    igContainerId: text("ig_container_id"),
    aspectRatio: real("aspect_ratio"),
    durationMs: integer("duration_ms"),
  },
  (table) => [uniqueIndex("instagram_media_items_order_idx").on(table.postId, table.orderIndex)],
);

/** Spec §3 instagram_hashtags. */
export const instagramHashtags = pgTable(
  "instagram_hashtags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => instagramPosts.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
  },
  (table) => [uniqueIndex("instagram_hashtags_post_tag_idx").on(table.postId, table.tag)],
);

/** Spec §3 instagram_user_tags. */
export const instagramUserTags = pgTable(
  "instagram_user_tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mediaItemId: uuid("media_item_id")
      .notNull()
      .references(() => instagramMediaItems.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    xPercent: real("x_percent").notNull(),
    yPercent: real("y_percent").notNull(),
  },
  (table) => [
    uniqueIndex("instagram_user_tags_item_user_idx").on(table.mediaItemId, table.username),
  ],
);
