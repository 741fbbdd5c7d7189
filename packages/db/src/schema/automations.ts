import type {
  AutomationActionKind,
  AutomationActions,
  AutomationConditions,
  AutomationOutcome,
  AutomationTrigger,
  AutomationTriggerKind,
} from "@sightline/contracts";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
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

/** An automation rule of one Instagram account (issue 32): trigger, conditions and actions. */
export const automationRules = pgTable(
  "automation_rules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    enabled: boolean("enabled").notNull(),
    trigger: jsonb("trigger").$type<AutomationTrigger>().notNull(),
    conditions: jsonb("conditions").$type<AutomationConditions>().notNull(),
    actions: jsonb("actions").$type<AutomationActions>().notNull(),
    createdByUserId: text("created_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("automation_rules_account_idx").on(table.workspaceId, table.accountId)],
);

/** Per account: every automation paused at once ("Pause all"). */
export const automationAccounts = pgTable(
  "automation_accounts",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    paused: boolean("paused").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({
      name: "automation_accounts_pk",
      columns: [table.workspaceId, table.accountId],
    }),
  ],
);

/**
 * One trigger a rule matched: a comment or message evaluated once per rule (`rule_id`,
 * `source_id` unique: a webhook delivered three times is one run), and the rule's promise to act
 * at most once per person per post or conversation window (`once_key`, unique per rule when
 * set: written before anything is sent, so concurrent deliveries cannot both act).
 */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    ruleId: uuid("rule_id")
      .notNull()
      .references(() => automationRules.id, { onDelete: "cascade" }),
    trigger: text("trigger").$type<AutomationTriggerKind>().notNull(),
    /** The comment id or the message id that triggered. */
    sourceId: text("source_id").notNull(),
    mediaId: text("media_id"),
    personId: text("person_id").notNull(),
    personUsername: text("person_username"),
    text: text("text"),
    matched: jsonb("matched").$type<string[]>().notNull(),
    outcome: text("outcome").$type<"acted" | "skipped">().notNull(),
    reason: text("reason"),
    onceKey: text("once_key"),
    /** When the trigger happened at Instagram (the comment's or message's time). */
    sourceAt: timestamp("source_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("automation_runs_source_idx").on(table.ruleId, table.sourceId),
    uniqueIndex("automation_runs_once_idx")
      .on(table.ruleId, table.onceKey)
      .where(sql`${table.onceKey} is not null`),
    index("automation_runs_log_idx").on(table.workspaceId, table.accountId, table.createdAt),
    index("automation_runs_person_idx").on(table.ruleId, table.personId, table.createdAt),
    check("automation_runs_outcome_check", sql`${table.outcome} in ('acted', 'skipped')`),
  ],
);

/**
 * What a run does, one row per action: the account's send queue. Queued rows go out in
 * (`due_at`, `id`) order at the configured pace; `sending` is written before Instagram is asked,
 * so a crash leaves a row the next drain checks at Instagram before sending again.
 */
export const automationActions = pgTable(
  "automation_actions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => automationRuns.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    kind: text("kind").$type<AutomationActionKind>().notNull(),
    text: text("text"),
    linkUrl: text("link_url"),
    linkTitle: text("link_title"),
    status: text("status").$type<AutomationOutcome>().notNull(),
    reason: text("reason"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    resultId: text("result_id"),
  },
  (table) => [
    uniqueIndex("automation_actions_run_kind_idx").on(table.runId, table.kind),
    index("automation_actions_queue_idx")
      .on(table.accountId, table.dueAt, table.id)
      .where(sql`${table.status} in ('queued', 'sending')`),
    index("automation_actions_sent_idx").on(table.accountId, table.kind, table.sentAt),
    check(
      "automation_actions_status_check",
      sql`${table.status} in ('queued', 'sending', 'sent', 'skipped', 'failed')`,
    ),
  ],
);
