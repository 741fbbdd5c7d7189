import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
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
import { user } from "./auth.ts";

/*
 * Workspaces (issue 29, decision 026): the tenant. Every Instagram connection and everything
 * synced or made for it belongs to a workspace; people belong to workspaces as members with a
 * role. Each user has a personal workspace (`personal_owner_id`), made at sign-up.
 */

export const workspaceRoles = ["owner", "admin", "editor", "analyst", "client"] as const;
export type WorkspaceRoleName = (typeof workspaceRoles)[number];

export const workspacePlans = ["free", "starter", "pro", "premium"] as const;
export type WorkspacePlan = (typeof workspacePlans)[number];

export const workspaces = pgTable(
  "workspaces",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The user whose personal workspace this is (one each); null for a workspace made later. */
    personalOwnerId: text("personal_owner_id")
      .unique("workspaces_personal_owner_unique")
      .references(() => user.id, { onDelete: "set null" }),
    /**
     * The folder its uploads go in (keys `<folder>/…`): the workspace's id, or for a personal
     * workspace made by migration 0019 its owner's user id, where their files already were.
     */
    storageFolder: text("storage_folder").notNull(),
    /** Storage path of the logo (client reports), or null. */
    logoPath: text("logo_path"),
    /**
     * The plan (issue 30, contracts/plans.ts is what each allows). Set by billing or by the
     * operator's `npm run plan`; a plan with `plan_until` in the past reads as Free.
     */
    plan: text("plan", { enum: workspacePlans }).notNull().default("free"),
    planUntil: timestamp("plan_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("workspaces_plan_check", sql`${table.plan} in ('free', 'starter', 'pro', 'premium')`),
  ],
);

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: workspaceRoles }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the member last opened the workspace: the one a new session opens. */
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: "workspace_members_pk", columns: [table.workspaceId, table.userId] }),
    index("workspace_members_user_idx").on(table.userId),
    // Exactly one owner: at most one here, and the member service never leaves none.
    uniqueIndex("workspace_members_one_owner_idx")
      .on(table.workspaceId)
      .where(sql`${table.role} = 'owner'`),
    check(
      "workspace_members_role_check",
      sql`${table.role} in ('owner', 'admin', 'editor', 'analyst', 'client')`,
    ),
  ],
);

/** An invitation by e-mail: stored as the token's hash, single use, expiring. */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: workspaceRoles }).notNull(),
    tokenHash: text("token_hash").notNull().unique("workspace_invitations_token_unique"),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    index("workspace_invitations_workspace_idx").on(table.workspaceId, table.createdAt),
    check(
      "workspace_invitations_role_check",
      sql`${table.role} in ('admin', 'editor', 'analyst', 'client')`,
    ),
  ],
);

/** Who did what and when, per workspace (issue 29 point 5). */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Null when the actor's account has since been deleted, or for Sightline itself (a job). */
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor's e-mail when it happened, kept so the log still reads after they leave. */
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    /** The Instagram account (IG_ID) it concerned, when it concerned one. */
    accountId: text("account_id"),
    target: text("target"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("audit_events_workspace_idx").on(table.workspaceId, table.createdAt)],
);

/**
 * What a workspace used of a monthly allowance (issue 30), per calendar month (UTC): AI captions
 * and AI Suggest times (`aiCreditsPerMonth`). A row is taken before the work and given back
 * when it fails; the plan's limit is checked in the same statement, so two requests at once
 * cannot pass it.
 */
export const planUsage = pgTable(
  "plan_usage",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The month's first day, UTC (`YYYY-MM-01`). */
    month: date("month", { mode: "string" }).notNull(),
    capability: text("capability").notNull(),
    used: integer("used").notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: "plan_usage_pk",
      columns: [table.workspaceId, table.month, table.capability],
    }),
  ],
);
