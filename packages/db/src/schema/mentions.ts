import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/**
 * Who mentioned or tagged a connected account on Instagram (issue 34 point 2): caption and comment
 * @mentions from the `mentions` webhook, and the media the account is tagged in from `/tags`.
 * One row per mention (`mention_key`), so webhook retries and duplicates and every periodic tags
 * read store it once. Numbers are Instagram's answers as read; null where Instagram gives none.
 */
export const instagramMentions = pgTable(
  "instagram_mentions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    kind: text("kind", { enum: ["caption", "comment", "tag"] }).notNull(),
    /** "caption:<media id>", "comment:<comment id>" or "tag:<media id>". */
    mentionKey: text("mention_key").notNull(),
    igMediaId: text("ig_media_id").notNull(),
    igCommentId: text("ig_comment_id"),
    /** Who mentioned the account: the post's owner, or the commenter for a comment mention. */
    authorUsername: text("author_username"),
    mediaOwnerUsername: text("media_owner_username"),
    /** The caption, or the comment's text for a comment mention. */
    text: text("text"),
    caption: text("caption"),
    mediaType: text("media_type"),
    permalink: text("permalink"),
    mediaUrl: text("media_url"),
    likeCount: integer("like_count"),
    commentsCount: integer("comments_count"),
    /** The author's followers as Business Discovery answered (Facebook Login only). */
    authorFollowers: integer("author_followers"),
    mentionedAt: timestamp("mentioned_at", { withTimezone: true }).notNull(),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    replyIgCommentId: text("reply_ig_comment_id"),
    storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("instagram_mentions_key_unique").on(
      table.workspaceId,
      table.accountId,
      table.mentionKey,
    ),
    index("instagram_mentions_list_idx").on(
      table.workspaceId,
      table.accountId,
      table.mentionedAt,
      table.id,
    ),
    check("instagram_mentions_kind_check", sql`${table.kind} in ('caption', 'comment', 'tag')`),
  ],
);
