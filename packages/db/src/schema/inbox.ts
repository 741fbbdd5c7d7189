import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/*
 * Spec §3 "also read": the inbox tables that the Instagram sync writes and notifications read.
 * Every row carries the user and `account_id`, the Instagram professional account's id
 * (instagram_connections.instagram_id) the row was synced for.
 */

/** A DM thread (conversation) of the user's account, with the business's id in that thread. */
export const instagramThreadMap = pgTable(
  "instagram_thread_map",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    threadId: text("thread_id").notNull(),
    /** The business account's IGSID in this thread: messages from it are outbound. */
    businessIgsid: text("business_igsid").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("instagram_thread_map_thread_unique").on(
      table.workspaceId,
      table.accountId,
      table.threadId,
    ),
  ],
);

/** One direct message of a thread, inbound (from the other person) or outbound. */
export const instagramMessages = pgTable(
  "instagram_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    /** instagram_thread_map.thread_id */
    conversationId: text("conversation_id").notNull(),
    igMessageId: text("ig_message_id").notNull(),
    fromId: text("from_id").notNull(),
    direction: text("direction", { enum: ["inbound", "outbound"] }).notNull(),
    text: text("text"),
    /** When Instagram says the message was sent. */
    createdTime: timestamp("created_time", { withTimezone: true }).notNull(),
    /**
     * Replies sent from Sightline: "sending" until Instagram answers, then "sent" or "failed"
     * (with the reason); null for messages read from Instagram.
     */
    sendStatus: text("send_status", { enum: ["sending", "sent", "failed"] }),
    sendError: text("send_error"),
    /** The browser's id for a reply: the same id again is a retry, never a second message. */
    clientMessageId: uuid("client_message_id"),
    storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("instagram_messages_message_unique").on(
      table.workspaceId,
      table.accountId,
      table.igMessageId,
    ),
    check("instagram_messages_direction_check", sql`${table.direction} in ('inbound', 'outbound')`),
    uniqueIndex("instagram_messages_client_message_idx")
      .on(table.workspaceId, table.clientMessageId)
      .where(sql`${table.clientMessageId} is not null`),
    // Notifications: the user's inbound messages of the last 24 hours.
    index("instagram_messages_inbound_idx")
      .on(table.workspaceId, table.createdTime)
      .where(sql`${table.direction} = 'inbound'`),
    index("instagram_messages_conversation_idx").on(
      table.workspaceId,
      table.conversationId,
      table.createdTime,
    ),
    // The inbox summary triggers' probe (newest message of one thread): every equality and the
    // full order in one index, so the planner picks it even without statistics (PGlite).
    index("instagram_messages_thread_newest_idx").on(
      table.workspaceId,
      table.accountId,
      table.conversationId,
      table.createdTime,
      table.igMessageId,
    ),
  ],
);

/**
 * A comment on Instagram media. `ig_media_id` stands where the spec reads post_id: comments
 * arrive for every media of the account, including posts never made through Sightline, which
 * have no instagram_posts row. `media_owner_id` is the Instagram account that owns the media:
 * a comment is on the user's own post when it equals `account_id` (mentions of the account
 * under other people's media have another owner).
 */
export const instagramComments = pgTable(
  "instagram_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    igCommentId: text("ig_comment_id").notNull(),
    igMediaId: text("ig_media_id").notNull(),
    mediaOwnerId: text("media_owner_id").notNull(),
    parentIgCommentId: text("parent_ig_comment_id"),
    /** The commenter's Instagram id; the account's own id for its replies. */
    userIgsid: text("user_igsid").notNull(),
    username: text("username"),
    text: text("text"),
    /** When Instagram says the comment was made. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("instagram_comments_comment_unique").on(
      table.workspaceId,
      table.accountId,
      table.igCommentId,
    ),
    // Notifications: comments on the user's own media in the last 24 hours.
    index("instagram_comments_own_media_idx")
      .on(table.workspaceId, table.createdAt)
      .where(sql`${table.mediaOwnerId} = ${table.accountId}`),
    index("instagram_comments_media_idx").on(table.workspaceId, table.igMediaId, table.createdAt),
    // The same for a post's newest comment.
    index("instagram_comments_media_newest_idx").on(
      table.workspaceId,
      table.accountId,
      table.igMediaId,
      table.createdAt,
      table.igCommentId,
    ),
  ],
);
