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
import { user } from "./auth.ts";
import { workspaces } from "./workspaces.ts";

export const clientReportFrequencies = ["weekly", "monthly"] as const;
export type ClientReportFrequency = (typeof clientReportFrequencies)[number];

/**
 * A client report (issue 33 point 4, decision 038): which accounts of the workspace, which
 * sections, its colour and cover note, and when and to whom it is e-mailed as a PDF. The
 * numbers are never stored: each view, PDF and sending reads them from the analytics services.
 */
export const clientReports = pgTable(
  "client_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Instagram ids of the workspace's accounts, in the report's order. */
    accountIds: jsonb("account_ids").$type<string[]>().notNull(),
    sections: jsonb("sections").$type<string[]>().notNull(),
    coverNote: text("cover_note").notNull().default(""),
    /** The brand colour of headings and charts, `#rrggbb`. */
    accentColor: text("accent_color").notNull().default("#6d28d9"),
    frequency: text("frequency", { enum: clientReportFrequencies }).notNull(),
    /** The days the periods are cut in (the maker's zone when made). */
    timeZone: text("time_zone").notNull().default("UTC"),
    scheduleEnabled: boolean("schedule_enabled").notNull().default(false),
    recipients: jsonb("recipients").$type<string[]>().notNull().default([]),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("client_reports_workspace_idx").on(table.workspaceId, table.createdAt),
    check("client_reports_frequency_check", sql`${table.frequency} in ('weekly', 'monthly')`),
  ],
);

/** The Client-role members a report is shared with: the only reports they see. */
export const clientReportShares = pgTable(
  "client_report_shares",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    reportId: uuid("report_id")
      .notNull()
      .references(() => clientReports.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({
      name: "client_report_shares_pk",
      columns: [table.workspaceId, table.reportId, table.userId],
    }),
    index("client_report_shares_user_idx").on(table.workspaceId, table.userId),
  ],
);

export const clientReportSendingStatuses = ["sending", "sent", "failed"] as const;
export type ClientReportSendingStatus = (typeof clientReportSendingStatuses)[number];

/**
 * One scheduled sending of a report for one period: the row is claimed (inserted) before the
 * e-mail goes, and the unique index makes a second worker's or a restarted process's claim of
 * the same period a no-op, so a period is sent once. A failure keeps the row with its error
 * and is tried again by the same row.
 */
export const clientReportSendings = pgTable(
  "client_report_sendings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    reportId: uuid("report_id")
      .notNull()
      .references(() => clientReports.id, { onDelete: "cascade" }),
    periodFrom: text("period_from").notNull(),
    periodTo: text("period_to").notNull(),
    status: text("status", { enum: clientReportSendingStatuses }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    recipients: jsonb("recipients").$type<string[]>().notNull().default([]),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("client_report_sendings_period_idx").on(
      table.workspaceId,
      table.reportId,
      table.periodFrom,
    ),
    check(
      "client_report_sendings_status_check",
      sql`${table.status} in ('sending', 'sent', 'failed')`,
    ),
  ],
);
