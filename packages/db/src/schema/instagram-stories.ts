import {
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/**
 * A story's figures, named as ours. Instagram answers a story's insights only while it lives
 * (24 h); these keep them after. Null: Instagram gave no value (too few viewers, or not read).
 */
const storyFigures = {
  reach: doublePrecision("reach"),
  views: doublePrecision("views"),
  replies: doublePrecision("replies"),
  shares: doublePrecision("shares"),
  follows: doublePrecision("follows"),
  profileVisits: doublePrecision("profile_visits"),
  totalInteractions: doublePrecision("total_interactions"),
  /** `navigation`'s total, and its `story_navigation_action_type` parts. */
  navigation: doublePrecision("navigation"),
  tapsForward: doublePrecision("taps_forward"),
  tapsBack: doublePrecision("taps_back"),
  exits: doublePrecision("exits"),
  swipesForward: doublePrecision("swipes_forward"),
};

/**
 * One row per story of a connected account (decision 039): what the hourly read last saw, and
 * once it has expired its final figures — the `story_insights` webhook's (Facebook Login), else
 * the last read before expiry (`final_source` says which).
 */
export const instagramStories = pgTable(
  "instagram_stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    igMediaId: text("ig_media_id").notNull(),
    mediaType: text("media_type"),
    caption: text("caption"),
    permalink: text("permalink"),
    /** The story's picture as last read (a signed CDN URL that expires; shown via the proxy). */
    thumbnailUrl: text("thumbnail_url"),
    /** Null only for a story first heard of through its expiry webhook. */
    postedAt: timestamp("posted_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    ...storyFigures,
    /** When the figures above were last read or replaced by the webhook. */
    metricsCapturedAt: timestamp("metrics_captured_at", { withTimezone: true }),
    /** "webhook" or "last_read"; null while the story lives. */
    finalSource: text("final_source"),
    /** The webhook's `entry.time`, or the last read's time; orders out-of-order deliveries. */
    finalAt: timestamp("final_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("instagram_stories_unique").on(table.workspaceId, table.accountId, table.igMediaId),
    index("instagram_stories_posted_idx").on(table.workspaceId, table.accountId, table.postedAt),
  ],
);

/**
 * Every read of a story's insights and its expiry webhook, appended (the drawer's lines over
 * time). `source` "read" or "webhook"; a duplicate delivery has the same time and is dropped.
 */
export const instagramStorySnapshots = pgTable(
  "instagram_story_snapshots",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    igMediaId: text("ig_media_id").notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
    source: text("source").notNull(),
    ...storyFigures,
    /** The webhook's legacy `impressions` (reads have none). */
    impressions: doublePrecision("impressions"),
  },
  (table) => [
    primaryKey({
      name: "instagram_story_snapshots_pk",
      columns: [
        table.workspaceId,
        table.accountId,
        table.igMediaId,
        table.capturedAt,
        table.source,
      ],
    }),
  ],
);
