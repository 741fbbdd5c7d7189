import { inboxLabelColors } from "@sightline/contracts";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/*
 * What the inbox keeps beside the synced Instagram rows (issue 15): read state per conversation,
 * the people of DM threads, what the user did to comments, and saved replies. A conversation is
 * a DM thread (kind 'dm', the thread id) or a post's comments (kind 'comments', the media id).
 */

/** Read or marked unread, per conversation (spec §3 conversation list item; issue 15 point 4). */
export const inboxReadStates = pgTable(
  "inbox_read_states",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    kind: text("kind", { enum: ["dm", "comments"] }).notNull(),
    conversationId: text("conversation_id").notNull(),
    /** Everything up to this instant (Instagram's time of the newest item) has been read. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The user marked it unread again: unread whatever readAt says. */
    isMarkedUnread: boolean("is_marked_unread").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "inbox_read_states_pk",
      columns: [table.workspaceId, table.accountId, table.kind, table.conversationId],
    }),
    check("inbox_read_states_kind_check", sql`${table.kind} in ('dm', 'comments')`),
  ],
);

/** The other person of DM threads, from the conversation's participants and the profile API. */
export const inboxPeople = pgTable(
  "inbox_people",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    igsid: text("igsid").notNull(),
    username: text("username"),
    name: text("name"),
    /** Instagram's CDN URL; it expires, so the avatar's failure chain refreshes it (spec §8). */
    profilePic: text("profile_pic"),
    fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "inbox_people_pk",
      columns: [table.workspaceId, table.accountId, table.igsid],
    }),
  ],
);

/** What the user did to a comment from the inbox: hidden, and the one private reply (contract §5.2). */
export const inboxCommentActions = pgTable(
  "inbox_comment_actions",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    igCommentId: text("ig_comment_id").notNull(),
    isHidden: boolean("is_hidden").notNull().default(false),
    privateReplyAt: timestamp("private_reply_at", { withTimezone: true }),
    privateReplyText: text("private_reply_text"),
    privateReplyMessageId: text("private_reply_message_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "inbox_comment_actions_pk",
      columns: [table.workspaceId, table.accountId, table.igCommentId],
    }),
  ],
);

/** Quick replies the user writes once and inserts with '/' or the menu. */
export const inboxSavedReplies = pgTable(
  "inbox_saved_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("inbox_saved_replies_workspace_idx").on(table.workspaceId, table.title)],
);

/** What a DM carried besides text (photos, videos, shares, story replies), as the inbox shows it. */
export const inboxMessageAttachments = pgTable(
  "inbox_message_attachments",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    igMessageId: text("ig_message_id").notNull(),
    attachments: jsonb("attachments")
      .$type<Array<{ type: string; url: string | null }>>()
      .notNull(),
  },
  (table) => [
    primaryKey({
      name: "inbox_message_attachments_pk",
      columns: [table.workspaceId, table.accountId, table.igMessageId],
    }),
  ],
);

/**
 * One row per conversation of the list (issue 15 point 1): what the list shows and filters on,
 * kept current by database triggers on instagram_messages, instagram_thread_map,
 * instagram_comments and inbox_read_states (migration 0012), so every write path (sync,
 * webhooks, sends, deletes, marking read) updates it in its own transaction and the list never
 * aggregates messages. See docs/decisions for why triggers.
 */
export const inboxThreadSummaries = pgTable(
  "inbox_thread_summaries",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    kind: text("kind", { enum: ["dm", "comments"] }).notNull(),
    /** The DM thread id or the post's media id. */
    conversationId: text("conversation_id").notNull(),
    /** Instagram's time of the newest message or comment. */
    updatedTime: timestamp("updated_time", { withTimezone: true }).notNull(),
    lastSenderId: text("last_sender_id").notNull(),
    preview: text("preview").notNull(),
    /** DMs: the other person; comments: the newest commenter who is not the account. */
    personId: text("person_id"),
    /** Comments: that commenter's username (DM people live in inbox_people). */
    personUsername: text("person_username"),
    /** Comments: the post's caption (kept here too: the list joins nothing but people). */
    caption: text("caption"),
    /** The newest item from someone else (unread compares it with the read time). */
    lastOtherTime: timestamp("last_other_time", { withTimezone: true }),
    itemCount: integer("item_count").notNull(),
    needsReply: boolean("needs_reply").notNull(),
    isUnread: boolean("is_unread").notNull(),
  },
  (table) => [
    primaryKey({
      name: "inbox_thread_summaries_pk",
      columns: [table.workspaceId, table.accountId, table.kind, table.conversationId],
    }),
    check("inbox_thread_summaries_kind_check", sql`${table.kind} in ('dm', 'comments')`),
    // Keyset pages, newest first, for All and for each filter.
    index("inbox_thread_summaries_list_idx").on(
      table.workspaceId,
      table.accountId,
      table.updatedTime,
      table.conversationId,
    ),
    index("inbox_thread_summaries_kind_idx").on(
      table.workspaceId,
      table.accountId,
      table.kind,
      table.updatedTime,
      table.conversationId,
    ),
    index("inbox_thread_summaries_unread_idx")
      .on(table.workspaceId, table.accountId, table.updatedTime, table.conversationId)
      .where(sql`${table.isUnread}`),
    index("inbox_thread_summaries_needs_reply_idx")
      .on(table.workspaceId, table.accountId, table.updatedTime, table.conversationId)
      .where(sql`${table.needsReply}`),
  ],
);

/** A workspace's labels for conversations ("Lead", "Order", "VIP"), set by members or automations. */
export const inboxLabels = pgTable(
  "inbox_labels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color", { enum: inboxLabelColors }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("inbox_labels_name_idx").on(table.workspaceId, sql`lower(${table.name})`),
  ],
);

/** Which labels a conversation has (a DM thread or a post's comments). */
export const inboxConversationLabels = pgTable(
  "inbox_conversation_labels",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    kind: text("kind", { enum: ["dm", "comments"] }).notNull(),
    conversationId: text("conversation_id").notNull(),
    labelId: uuid("label_id")
      .notNull()
      .references(() => inboxLabels.id, { onDelete: "cascade" }),
    /** The member who set it, or null when an automation did. */
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "inbox_conversation_labels_pk",
      columns: [
        table.workspaceId,
        table.accountId,
        table.kind,
        table.conversationId,
        table.labelId,
      ],
    }),
    index("inbox_conversation_labels_label_idx").on(table.workspaceId, table.labelId),
  ],
);
