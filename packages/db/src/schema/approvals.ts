import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { scheduledPosts } from "./publishing.ts";
import { workspaces } from "./workspaces.ts";

/*
 * Post approvals (issue 33, decision 037): the per-account setting, each post's approval state
 * and its history, and the review links that let someone without an account approve one post.
 */

/** "Posts need approval" for one Instagram account of a workspace, with its named approvers. */
export const approvalSettings = pgTable(
  "approval_settings",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    required: boolean("required").notNull().default(false),
    /** Members named approvers besides the Client role (user ids; a left member no longer counts). */
    approverUserIds: text("approver_user_ids").array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.accountId] })],
);

/** A post's approval state; no row is a post never sent for approval. */
export const postApprovals = pgTable(
  "post_approvals",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: "cascade" }),
    state: text("state", {
      enum: ["draft", "in_review", "changes_requested", "approved"],
    }).notNull(),
    /** The member who last sent it for approval: the one told when it is decided or misses its slot. */
    submittedByUserId: text("submitted_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.postId] }),
    check(
      "post_approvals_state_check",
      sql`${table.state} in ('draft', 'in_review', 'changes_requested', 'approved')`,
    ),
    // The publish claim looks a post up by its id alone.
    index("post_approvals_post_idx").on(table.postId),
  ],
);

/** Who did what to a post's approval, and when (the post's history). */
export const postApprovalEvents = pgTable(
  "post_approval_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: "cascade" }),
    action: text("action", {
      enum: ["submit", "approve", "request_changes", "withdraw"],
    }).notNull(),
    toState: text("to_state", {
      enum: ["draft", "in_review", "changes_requested", "approved"],
    }).notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The member's name when they acted, or the name a review link's reviewer gave. */
    actorName: text("actor_name").notNull(),
    reviewLinkId: uuid("review_link_id"),
    comment: text("comment"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("post_approval_events_post_idx").on(table.workspaceId, table.postId, table.at)],
);

/** "Share for review": one post, signed and expiring, kept only as a hash, revocable. */
export const reviewLinks = pgTable(
  "review_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    postId: uuid("post_id")
      .notNull()
      .references(() => scheduledPosts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("review_links_token_hash_unique"),
    createdByUserId: text("created_by_user_id").references(() => user.id, {
      onDelete: "set null",
    }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("review_links_post_idx").on(table.workspaceId, table.postId)],
);
