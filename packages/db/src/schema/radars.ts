import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/** Press Radar: a feed (RSS or Atom) the user watches. */
export const pressSources = pgTable(
  "press_sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    title: text("title").notNull(),
    isMuted: boolean("is_muted").notNull().default(false),
    /** Conditional GET validators from the last 200 answer. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    /** The last fetch's failure in plain words; null after a good fetch. */
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("press_sources_workspace_url_idx").on(table.workspaceId, table.url)],
);

/** Press Radar: a keyword (brand, handle, product) with the words that rule a match out. */
export const pressKeywords = pgTable(
  "press_keywords",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    exclusions: text("exclusions").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Chosen to stay active on a smaller plan (issue 30 point 6); most recent first. */
    keptAt: timestamp("kept_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("press_keywords_workspace_term_idx").on(
      table.workspaceId,
      sql`lower(${table.term})`,
    ),
  ],
);

export type MentionHighlight = [start: number, end: number];

/** Press Radar: one feed item that matched a keyword, stored once per user (guid or link). */
export const pressMentions = pgTable(
  "press_mentions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => pressSources.id, { onDelete: "cascade" }),
    /** "guid:<guid>" or "link:<url>": what makes an item the same item on the next fetch. */
    itemKey: text("item_key").notNull(),
    title: text("title").notNull(),
    link: text("link"),
    snippet: text("snippet").notNull(),
    /** Character ranges of `snippet` that matched a keyword. */
    highlights: jsonb("highlights").$type<MentionHighlight[]>().notNull(),
    keywordIds: uuid("keyword_ids").array().notNull(),
    matchedTerms: text("matched_terms").array().notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    language: text("language").notNull(),
    sentiment: text("sentiment", { enum: ["positive", "neutral", "negative"] }).notNull(),
    sentimentScore: integer("sentiment_score").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("press_mentions_workspace_item_idx").on(table.workspaceId, table.itemKey),
    index("press_mentions_workspace_published_idx").on(
      table.workspaceId,
      table.publishedAt,
      table.id,
    ),
    index("press_mentions_unseen_idx").on(table.workspaceId).where(sql`${table.seenAt} is null`),
    check(
      "press_mentions_sentiment_check",
      sql`${table.sentiment} in ('positive', 'neutral', 'negative')`,
    ),
  ],
);

/** Trend Radar: a hashtag the user tracks, with Instagram's id for it. */
export const trendHashtags = pgTable(
  "trend_hashtags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The Instagram account the lookup was made as (the budget is per account). */
    accountId: text("account_id").notNull(),
    instagramHashtagId: text("instagram_hashtag_id").notNull(),
    lastSampledAt: timestamp("last_sampled_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Chosen to stay active on a smaller plan (issue 30 point 6); most recent first. */
    keptAt: timestamp("kept_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("trend_hashtags_workspace_name_idx").on(table.workspaceId, table.name)],
);

/**
 * Instagram's 30 unique hashtags per rolling 7 days (Graph API contract §7.2): the first look-up
 * of each name per account. Repeating a name neither counts again nor resets its timer, so a
 * repeat inside the window is not recorded.
 */
export const hashtagLookups = pgTable(
  "hashtag_lookups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    lookedUpAt: timestamp("looked_up_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    // Instagram's budget is the account's, shared by every user connected to it.
    index("hashtag_lookups_account_idx").on(table.accountId, table.lookedUpAt),
  ],
);

export type TrendTopMedia = {
  id: string;
  mediaType: string;
  mediaUrl: string | null;
  permalink: string | null;
  caption: string;
  likeCount: number | null;
  commentsCount: number | null;
  timestamp: string | null;
};

/** Trend Radar: one sampling of a hashtag's top and recent media. */
export const trendSamples = pgTable(
  "trend_samples",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    hashtagId: uuid("hashtag_id")
      .notNull()
      .references(() => trendHashtags.id, { onDelete: "cascade" }),
    sampledAt: timestamp("sampled_at", { withTimezone: true }).notNull(),
    /** Recent posts in the last 12 hours and in the 12 hours before (the previous window). */
    currentVolume: integer("current_volume").notNull(),
    previousVolume: integer("previous_volume").notNull(),
    /** Recent posts seen in the last 24 hours. */
    dailyVolume: integer("daily_volume").notNull(),
    medianTopEngagement: doublePrecision("median_top_engagement"),
    topCount: integer("top_count").notNull(),
    topMedia: jsonb("top_media").$type<TrendTopMedia[]>().notNull(),
    /** Hashtags in the top media's captions, with how many captions carry each. */
    coHashtags: jsonb("co_hashtags").$type<Array<[tag: string, count: number]>>().notNull(),
  },
  (table) => [index("trend_samples_hashtag_idx").on(table.hashtagId, table.sampledAt)],
);
