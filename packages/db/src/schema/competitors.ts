import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/**
 * Competitors (issue 34, decision 040): a public Business/Creator account a workspace's
 * Instagram account is compared with, read through Business Discovery (Graph API contract §7.1).
 * The account itself has a row too (`isOwn`), read the same way, so both sides of the comparison
 * come from the same answers; it never counts toward the plan's limit.
 */
export const competitors = pgTable(
  "competitors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The workspace's Instagram account (IG_ID) compared with it, whose token reads it. */
    accountId: text("account_id").notNull(),
    /** Lower case, without "@". */
    username: text("username").notNull(),
    isOwn: boolean("is_own").notNull().default(false),
    /** Business Discovery's answer at the last read. */
    instagramId: text("instagram_id"),
    name: text("name"),
    biography: text("biography"),
    profilePictureUrl: text("profile_picture_url"),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    /** The last read's failure in plain words; null after a good read. */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("competitors_workspace_account_username_idx").on(
      table.workspaceId,
      table.accountId,
      table.username,
    ),
  ],
);

/** One UTC day's profile numbers as Business Discovery answered them (the day's last read). */
export const competitorSnapshots = pgTable(
  "competitor_snapshots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    competitorId: uuid("competitor_id")
      .notNull()
      .references(() => competitors.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
    followersCount: integer("followers_count"),
    followsCount: integer("follows_count"),
    mediaCount: integer("media_count"),
  },
  (table) => [
    uniqueIndex("competitor_snapshots_workspace_competitor_day_idx").on(
      table.workspaceId,
      table.competitorId,
      table.day,
    ),
  ],
);

/** A competitor's post with its numbers at the newest read that listed it. */
export const competitorPosts = pgTable(
  "competitor_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    competitorId: uuid("competitor_id")
      .notNull()
      .references(() => competitors.id, { onDelete: "cascade" }),
    mediaId: text("media_id").notNull(),
    caption: text("caption").notNull().default(""),
    mediaType: text("media_type"),
    productType: text("product_type"),
    permalink: text("permalink"),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
    /** Null when the owner hides likes (Graph API contract §7.1 omits the field). */
    likeCount: integer("like_count"),
    commentsCount: integer("comments_count"),
    viewCount: integer("view_count"),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("competitor_posts_workspace_competitor_media_idx").on(
      table.workspaceId,
      table.competitorId,
      table.mediaId,
    ),
    index("competitor_posts_workspace_competitor_posted_idx").on(
      table.workspaceId,
      table.competitorId,
      table.postedAt,
    ),
  ],
);

/**
 * Each Business Discovery call made for competitors, by the account whose token made it: what
 * the page shows as spent and what the reads pace themselves by (Platform rate limits, Graph API contract §8.4).
 */
export const businessDiscoveryCalls = pgTable(
  "business_discovery_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    calledAt: timestamp("called_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    // Instagram's budget is the account's, shared by every workspace connected to it.
    index("business_discovery_calls_account_idx").on(table.accountId, table.calledAt),
  ],
);

export type CompetitorRow = typeof competitors.$inferSelect;
export type CompetitorSnapshotRow = typeof competitorSnapshots.$inferSelect;
export type CompetitorPostRow = typeof competitorPosts.$inferSelect;
