import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { workspaces } from "./workspaces.ts";

/*
 * The public API (issue 35, decision 033): personal access tokens, the requests made with them,
 * and the first answers of writes sent with an Idempotency-Key.
 */

/** A member's token for /api/v1 in one workspace. The secret itself is never stored. */
export const personalAccessTokens = pgTable(
  "personal_access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The member it acts as (their role now bounds its scopes). */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** `slpat_` and the secret's first characters: shown to tell tokens apart. */
    prefix: text("prefix").notNull(),
    /** SHA-256 (hex) of the whole token: what a request's token is looked up and compared by. */
    tokenHash: text("token_hash").notNull().unique("personal_access_tokens_hash_unique"),
    scopes: text("scopes").array().notNull(),
    /** Null: until revoked. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** The rate limit's window: when the current one began and the requests counted in it. */
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }),
    windowRequests: integer("window_requests").notNull().default(0),
  },
  (table) => [
    index("personal_access_tokens_workspace_idx").on(
      table.workspaceId,
      table.userId,
      table.createdAt,
    ),
  ],
);

/** Every request made with a token (the audit of the API), kept as long as the audit log. */
export const apiRequests = pgTable(
  "api_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tokenId: uuid("token_id")
      .notNull()
      .references(() => personalAccessTokens.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    /** The path without its query. */
    path: text("path").notNull(),
    status: smallint("status").notNull(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("api_requests_workspace_idx").on(table.workspaceId, table.tokenId, table.createdAt),
    index("api_requests_created_idx").on(table.createdAt),
  ],
);

/**
 * A write's Idempotency-Key per token: the request's hash and, once it succeeded, its answer.
 * A row without a status is a request still running.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tokenId: uuid("token_id")
      .notNull()
      .references(() => personalAccessTokens.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    status: smallint("status"),
    body: jsonb("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "api_idempotency_keys_pk",
      columns: [table.workspaceId, table.tokenId, table.key],
    }),
    index("api_idempotency_keys_created_idx").on(table.createdAt),
  ],
);

/**
 * A file announced through the public API (`POST /api/v1/uploads`, issue 35): where its bytes
 * will be kept (the key is made when it is announced, so a draft can name it at once), what
 * type and size were announced, and when the bytes arrived. The PUT of the bytes claims the row
 * once; an upload never completed is gone after it expires.
 */
export const apiUploads = pgTable(
  "api_uploads",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    tokenId: uuid("token_id")
      .notNull()
      .references(() => personalAccessTokens.id, { onDelete: "cascade" }),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "api_uploads_pk", columns: [table.workspaceId, table.id] }),
    index("api_uploads_expires_idx").on(table.expiresAt),
  ],
);
