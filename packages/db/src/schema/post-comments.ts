import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { scheduledPosts } from "./publishing.ts";
import { workspaces } from "./workspaces.ts";

/*
 * Comments on Sightline's own posts between members (issue 33 point 3, decision 042): a thread
 * one level deep, and who each comment mentions (the bell counts those rows; e-mail is sent once
 * per row, when it is written).
 */

export const postComments = pgTable(
  "post_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: "cascade" }),
    /** The comment this one replies to (always a top-level comment); null for a top-level one. */
    parentId: uuid("parent_id"),
    /** Null once the author's account is deleted: the comment stays, "a former member". */
    authorUserId: text("author_user_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (table) => [index("post_comments_post_idx").on(table.workspaceId, table.postId, table.createdAt)],
);

/** A member mentioned in a comment: one row per member and comment, whatever the edits. */
export const postCommentMentions = pgTable(
  "post_comment_mentions",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    index("post_comment_mentions_user_idx").on(table.workspaceId, table.userId, table.createdAt),
  ],
);
