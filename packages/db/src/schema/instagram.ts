import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { workspaces } from "./workspaces.ts";

/*
 * The Instagram connection and everything the sync keeps (issue 10). Every row carries the user;
 * synced rows also carry `account_id`, the professional account's IG_ID
 * (instagram_connections.instagram_id), so a reconnect to another account never mixes data.
 */

export const connectionLogins = ["instagram", "facebook"] as const;
export type ConnectionLogin = (typeof connectionLogins)[number];
export const connectionStatuses = ["active", "needs_reconnection"] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/**
 * Spec §3 instagram_connections (one per user). `instagram_id` is the professional account's
 * IG_ID, read from /me (never the code exchange's app-scoped id). `page_instagram_id` is the
 * IG_ID as the linked Facebook Page reports it (Facebook Login only; null with Instagram Login).
 * `access_token` holds the token vault's ciphertext, never the token.
 */
export const instagramConnections = pgTable(
  "instagram_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The workspace the account is connected to: several accounts per workspace, each once
     * (issue 29 point 2; decision 026).
     */
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The member who connected it (null once their user is deleted). */
    connectedByUserId: text("connected_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
    instagramId: text("instagram_id").notNull(),
    pageInstagramId: text("page_instagram_id"),
    instagramUsername: text("instagram_username").notNull(),
    accessToken: text("access_token").notNull(),
    /** Null when the token does not expire (a Page token from Facebook Login). */
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    profilePictureUrl: text("profile_picture_url"),
    followersCount: integer("followers_count"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Beyond the spec's fields:
    login: text("login", { enum: connectionLogins }).notNull(),
    status: text("status", { enum: connectionStatuses }).notNull().default("active"),
    statusReason: text("status_reason"),
    /** Permissions Meta granted, as Meta names them. */
    scopes: text("scopes").array().notNull().default(sql`'{}'::text[]`),
    /** Facebook Login: the Page the account is linked to, and the person's Facebook user id. */
    facebookPageId: text("facebook_page_id"),
    facebookUserId: text("facebook_user_id"),
    /** Facebook Login: the person's long-lived user token (vault ciphertext), to revoke at Meta. */
    facebookUserToken: text("facebook_user_token"),
    /** Instagram Login: the app-scoped id from the code exchange (Meta's deauthorize names it). */
    appScopedId: text("app_scoped_id"),
    name: text("name"),
    accountType: text("account_type"),
    followsCount: integer("follows_count"),
    mediaCount: integer("media_count"),
    tokenRefreshedAt: timestamp("token_refreshed_at", { withTimezone: true }),
    profileRefreshedAt: timestamp("profile_refreshed_at", { withTimezone: true }),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** What the last sync skipped and why, e.g. a permission that was not granted. */
    syncNotes: jsonb("sync_notes")
      .$type<Array<{ area: string; message: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a member chose to keep this account active on a plan that connects fewer accounts
     * than the workspace has (issue 30 point 6): the most recently kept come first.
     */
    keptAt: timestamp("kept_at", { withTimezone: true }),
    /**
     * Instagram's last answer to the 24-hour publishing limit (`content_publishing_limit`) and
     * when it was read: the schedule request and the publish job start from it instead of asking
     * again (issue 26 point 5, decision 021's addendum of 2026-11-30).
     */
    publishingQuotaUsage: integer("publishing_quota_usage"),
    publishingQuotaTotal: integer("publishing_quota_total"),
    publishingQuotaReadAt: timestamp("publishing_quota_read_at", { withTimezone: true }),
  },
  (table) => [
    unique("instagram_connections_account_unique").on(table.workspaceId, table.instagramId),
    index("instagram_connections_instagram_id_idx").on(table.instagramId),
    index("instagram_connections_facebook_user_idx").on(table.facebookUserId),
    check("instagram_connections_login_check", sql`${table.login} in ('instagram', 'facebook')`),
    check(
      "instagram_connections_status_check",
      sql`${table.status} in ('active', 'needs_reconnection')`,
    ),
  ],
);

/**
 * A connect link (issue 29 point 3): a member sends it to an account's owner, who authorises
 * their Instagram account through Meta into this workspace without joining it. The token is kept
 * as a hash only; the link works once, until it expires or is withdrawn.
 */
export const instagramConnectLinks = pgTable(
  "instagram_connect_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The member who made it: the connection is recorded as theirs; the link dies with them. */
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("instagram_connect_links_token_unique"),
    /** Who it is for, as the member wrote it (the client's name or brand), shown to the client. */
    label: text("label"),
    /** Where it was e-mailed, when it was. */
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The account connected through it (its IG_ID and handle at the time). */
    usedInstagramId: text("used_instagram_id"),
    usedUsername: text("used_username"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("instagram_connect_links_workspace_idx").on(table.workspaceId, table.createdAt),
  ],
);

/**
 * A pending OAuth round trip: stored as a hash, bound to the user and the session that started
 * it, deleted when used (single use) and worthless after ten minutes.
 */
export const instagramOauthStates = pgTable("instagram_oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  /** The workspace the account is being connected to (the member's open one when it started). */
  workspaceId: uuid("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  sessionId: text("session_id").notNull(),
  login: text("login", { enum: connectionLogins }).notNull(),
  /**
   * Set when the user switches login method (Instagram Login ↔ Facebook Login): the account the
   * consent must come back with. Another account is refused and the connection stays as it was.
   */
  keepInstagramId: text("keep_instagram_id"),
  /**
   * Set when the round trip started from a connect link (no session: `session_id` then holds
   * `link:` and the hash of the visitor's browser cookie).
   */
  connectLinkId: uuid("connect_link_id").references(() => instagramConnectLinks.id, {
    onDelete: "cascade",
  }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * A post of the account (and, with `parent_ig_media_id`, a carousel child). CDN URLs expire, so
 * pages ask Instagram for fresh ones by id; the one kept is `thumbnail_url`, for the inbox's
 * comment thread, used only while its expiry (Meta's `oe`) is ahead.
 */
export const instagramMedia = pgTable(
  "instagram_media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    igMediaId: text("ig_media_id").notNull(),
    parentIgMediaId: text("parent_ig_media_id"),
    childIndex: integer("child_index"),
    mediaType: text("media_type").notNull(),
    mediaProductType: text("media_product_type"),
    caption: text("caption"),
    /**
     * The caption's distinct hashtags, lowercased (contracts' postHashtags), written with the
     * caption by upsertMedia so Post Performance ranks tags without reading every caption.
     * Null with a caption: not worked out yet (rows from before migration 0042); the benchmarks
     * query fills those in before it reads (fillMediaHashtags).
     */
    hashtags: text("hashtags").array(),
    permalink: text("permalink"),
    shortcode: text("shortcode"),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    likeCount: integer("like_count"),
    commentsCount: integer("comments_count"),
    isCommentEnabled: boolean("is_comment_enabled"),
    /**
     * The post's picture as Instagram last gave it at sync (`thumbnail_url`, else `media_url`):
     * a signed CDN URL that expires (its `oe`); the inbox's comment thread shows it through the
     * media proxy instead of asking Instagram on every read (issue 26). Null: not read yet.
     */
    thumbnailUrl: text("thumbnail_url"),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
    /*
     * Each metric's value in the post's newest snapshot that has it (instagram_media_insights
     * stays the record; these are kept in step by insertMediaInsights so the post table sorts
     * and pages without reading every snapshot). Null: never given by Meta.
     */
    latestReach: doublePrecision("latest_reach"),
    latestViews: doublePrecision("latest_views"),
    latestLikes: doublePrecision("latest_likes"),
    latestComments: doublePrecision("latest_comments"),
    latestSaves: doublePrecision("latest_saves"),
    latestShares: doublePrecision("latest_shares"),
    latestInteractions: doublePrecision("latest_interactions"),
    /** When the newest snapshot was taken (null: none stored yet). */
    metricsCapturedAt: timestamp("metrics_captured_at", { withTimezone: true }),
  },
  (table) => [
    unique("instagram_media_unique").on(table.workspaceId, table.accountId, table.igMediaId),
    index("instagram_media_posted_idx").on(table.workspaceId, table.accountId, table.postedAt),
    // Empty once every caption's hashtags are worked out: fillMediaHashtags' check reads it.
    index("instagram_media_hashtags_pending_idx")
      .on(table.workspaceId, table.accountId)
      .where(sql`${table.hashtags} is null and ${table.caption} is not null`),
    // The dashboard's top posts (always by reach) and the post table sorted by reach read posts
    // in this order and stop at the page instead of sorting every post of the period.
    index("instagram_media_reach_idx")
      .on(
        table.workspaceId,
        table.accountId,
        table.latestReach.desc().nullsLast(),
        table.igMediaId.desc().nullsFirst(),
      )
      .where(sql`${table.parentIgMediaId} is null`),
  ],
);

/**
 * Metric snapshots, appended on a schedule and kept after Instagram's own windows end. Names are
 * ours (sync/metric-names.ts maps Meta's, versioned); `source_metric` is what Meta called it.
 * A metric Meta did not give has no row: absent, never 0.
 */
export const instagramMediaInsights = pgTable(
  "instagram_media_insights",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    igMediaId: text("ig_media_id").notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
    metric: text("metric").notNull(),
    sourceMetric: text("source_metric").notNull(),
    mappingVersion: integer("mapping_version").notNull(),
    value: doublePrecision("value").notNull(),
  },
  (table) => [
    primaryKey({
      name: "instagram_media_insights_pk",
      columns: [
        table.workspaceId,
        table.accountId,
        table.igMediaId,
        table.capturedAt,
        table.metric,
      ],
    }),
  ],
);

/** One value per account, day and metric (time series and daily totals). */
export const instagramAccountInsights = pgTable(
  "instagram_account_insights",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    sourceMetric: text("source_metric").notNull(),
    mappingVersion: integer("mapping_version").notNull(),
    value: doublePrecision("value").notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({
      name: "instagram_account_insights_pk",
      columns: [table.workspaceId, table.accountId, table.day, table.metric],
    }),
  ],
);

/**
 * A figure Instagram defines per period (reach, accounts engaged: unique people, so never a sum
 * of days), as Instagram answered it with `metric_type=total_value` over exactly the days
 * `from_day`..`to_day` (inclusive, Instagram's days). One row per metric and window, refreshed
 * while the window is young enough for Instagram to answer it again.
 */
export const instagramAccountPeriodInsights = pgTable(
  "instagram_account_period_insights",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    metric: text("metric").notNull(),
    fromDay: date("from_day", { mode: "string" }).notNull(),
    toDay: date("to_day", { mode: "string" }).notNull(),
    sourceMetric: text("source_metric").notNull(),
    mappingVersion: integer("mapping_version").notNull(),
    value: doublePrecision("value").notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({
      name: "instagram_account_period_insights_pk",
      columns: [table.workspaceId, table.accountId, table.metric, table.fromDay, table.toDay],
    }),
  ],
);

/** Follower and engaged-audience breakdowns, one snapshot per day and breakdown. */
export const instagramAudienceSnapshots = pgTable(
  "instagram_audience_snapshots",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    audience: text("audience", { enum: ["followers", "engaged"] }).notNull(),
    breakdown: text("breakdown").notNull(),
    timeframe: text("timeframe").notNull(),
    buckets: jsonb("buckets").$type<Array<{ dimensions: string[]; value: number }>>().notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({
      name: "instagram_audience_snapshots_pk",
      columns: [table.workspaceId, table.accountId, table.day, table.audience, table.breakdown],
    }),
  ],
);

/** Followers online per UTC hour ("0"–"23"), one row per day Instagram reports. */
export const instagramOnlineFollowers = pgTable(
  "instagram_online_followers",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    hours: jsonb("hours").$type<Record<string, number>>().notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({
      name: "instagram_online_followers_pk",
      columns: [table.workspaceId, table.accountId, table.day],
    }),
  ],
);

/**
 * Where each part of a sync stands: the cursor to resume from after a crash and the high-water
 * mark of the last complete pass (incremental runs stop there).
 */
export const instagramSyncState = pgTable(
  "instagram_sync_state",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    resource: text("resource").notNull(),
    cursor: text("cursor"),
    highWater: text("high_water"),
    pendingHighWater: text("pending_high_water"),
    note: text("note"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "instagram_sync_state_pk",
      columns: [table.workspaceId, table.accountId, table.resource],
    }),
  ],
);

/**
 * Each webhook delivery as received, stored once (Meta redelivers and sometimes duplicates a
 * delivery byte for byte: the body's hash is the key). Processing happens in a job.
 */
export const instagramWebhookEvents = pgTable(
  "instagram_webhook_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    bodySha256: text("body_sha256").notNull().unique("instagram_webhook_events_body_unique"),
    object: text("object").notNull(),
    /** Which app secret signed it: the Instagram app's or the Meta app's. */
    signedBy: text("signed_by", { enum: ["instagram", "meta"] }).notNull(),
    body: text("body").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** Failed processing attempts so far, the last error, and when to try again. */
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    retryAt: timestamp("retry_at", { withTimezone: true }),
    /**
     * Set when the drain gave up on the event after its last attempt (dead-lettered): it is not
     * tried again, and an operator finds it with `dead_lettered_at is not null` (and in the log).
     */
    deadLetteredAt: timestamp("dead_lettered_at", { withTimezone: true }),
  },
  (table) => [
    index("instagram_webhook_events_unprocessed_idx")
      .on(table.id)
      .where(sql`${table.processedAt} is null`),
    // The retention job prunes bodies by age (processed or given up).
    index("instagram_webhook_events_received_at_idx").on(table.receivedAt),
  ],
);
