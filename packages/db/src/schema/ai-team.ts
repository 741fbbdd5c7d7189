import type {
  AiFact,
  AiGuardResult,
  AiRoleId,
  AiWording,
  AiWriter,
  PlanId,
} from "@sightline/contracts";
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/**
 * The AI team's latest output per account and role (issue 31): the facts the server computed,
 * the wording shown with them (the model's or the built-in engine's), what was sent to the
 * model, and the facts' hash, so the same facts are not worded twice.
 */
export const aiTeamReports = pgTable(
  "ai_team_reports",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    role: text("role").$type<AiRoleId>().notNull(),
    /** The plan the facts were computed under (its history window): another plan recomputes. */
    plan: text("plan").$type<PlanId>().notNull(),
    status: text("status").$type<"ready" | "not-enough-data">().notNull(),
    periodFrom: text("period_from"),
    periodTo: text("period_to"),
    facts: jsonb("facts").$type<AiFact[]>().notNull(),
    wording: jsonb("wording").$type<AiWording>().notNull(),
    writer: jsonb("writer").$type<AiWriter>().notNull(),
    sent: text("sent"),
    guard: jsonb("guard").$type<AiGuardResult>(),
    factsHash: text("facts_hash").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({
      name: "ai_team_reports_pk",
      columns: [table.workspaceId, table.accountId, table.role],
    }),
  ],
);

/**
 * A workspace's choices for the AI team (issue 31 point 7): whether DM text may be sent to the
 * configured model when it words the Secretary's triage. Off unless a member turns it on.
 */
export const aiTeamSettings = pgTable("ai_team_settings", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  shareDmText: boolean("share_dm_text").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
