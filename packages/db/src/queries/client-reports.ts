import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  clientReportSendings,
  clientReportShares,
  clientReports,
} from "../schema/client-reports.ts";
import { workspaces } from "../schema/workspaces.ts";

export type ClientReportRow = typeof clientReports.$inferSelect;
export type NewClientReport = typeof clientReports.$inferInsert;
export type ClientReportSendingRow = typeof clientReportSendings.$inferSelect;

const reportIn = (workspaceId: string, id: string) =>
  and(eq(clientReports.workspaceId, workspaceId), eq(clientReports.id, id));

/** Every report of a workspace, or (`sharedWith`) only those shared with that member. */
export async function listClientReports(
  db: Db,
  workspaceId: string,
  options: { sharedWith?: string } = {},
): Promise<ClientReportRow[]> {
  if (options.sharedWith === undefined) {
    return db
      .select()
      .from(clientReports)
      .where(eq(clientReports.workspaceId, workspaceId))
      .orderBy(desc(clientReports.createdAt), asc(clientReports.id));
  }
  const rows = await db
    .select({ report: clientReports })
    .from(clientReports)
    .innerJoin(
      clientReportShares,
      and(
        eq(clientReportShares.workspaceId, clientReports.workspaceId),
        eq(clientReportShares.reportId, clientReports.id),
      ),
    )
    .where(
      and(
        eq(clientReports.workspaceId, workspaceId),
        eq(clientReportShares.userId, options.sharedWith),
      ),
    )
    .orderBy(desc(clientReports.createdAt), asc(clientReports.id));
  return rows.map((row) => row.report);
}

export async function countClientReports(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clientReports)
    .where(eq(clientReports.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

export async function findClientReport(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<ClientReportRow | undefined> {
  const [row] = await db.select().from(clientReports).where(reportIn(workspaceId, id));
  return row;
}

export async function insertClientReport(db: Db, values: NewClientReport) {
  const [row] = await db.insert(clientReports).values(values).returning();
  return row!;
}

export async function updateClientReport(
  db: Db,
  workspaceId: string,
  id: string,
  values: Partial<Omit<NewClientReport, "id" | "workspaceId" | "createdAt">>,
) {
  const [row] = await db
    .update(clientReports)
    .set(values)
    .where(reportIn(workspaceId, id))
    .returning();
  return row;
}

export async function deleteClientReport(db: Db, workspaceId: string, id: string) {
  const rows = await db
    .delete(clientReports)
    .where(reportIn(workspaceId, id))
    .returning({ id: clientReports.id });
  return rows.length > 0;
}

/** The members (user ids) a report is shared with. */
export async function listClientReportShares(
  db: Db,
  workspaceId: string,
  reportIds: string[],
): Promise<Map<string, string[]>> {
  const byReport = new Map<string, string[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select()
    .from(clientReportShares)
    .where(
      and(
        eq(clientReportShares.workspaceId, workspaceId),
        inArray(clientReportShares.reportId, reportIds),
      ),
    );
  for (const row of rows)
    byReport.set(row.reportId, [...(byReport.get(row.reportId) ?? []), row.userId]);
  return byReport;
}

/** Replaces the members a report is shared with. */
export async function setClientReportShares(
  db: Db,
  workspaceId: string,
  reportId: string,
  userIds: string[],
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(clientReportShares)
      .where(
        and(
          eq(clientReportShares.workspaceId, workspaceId),
          eq(clientReportShares.reportId, reportId),
        ),
      );
    if (userIds.length > 0) {
      await tx
        .insert(clientReportShares)
        .values(userIds.map((userId) => ({ workspaceId, reportId, userId })));
    }
  });
}

/** Whether a report is shared with a member. */
export async function isClientReportSharedWith(
  db: Db,
  workspaceId: string,
  reportId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: clientReportShares.userId })
    .from(clientReportShares)
    .where(
      and(
        eq(clientReportShares.workspaceId, workspaceId),
        eq(clientReportShares.reportId, reportId),
        eq(clientReportShares.userId, userId),
      ),
    );
  return row !== undefined;
}

/** Every report with its schedule on, across workspaces, with the workspace's plan (the job). */
export async function listScheduledClientReports(db: Db) {
  return db
    .select({ report: clientReports, plan: workspaces.plan, planUntil: workspaces.planUntil })
    .from(clientReports)
    .innerJoin(workspaces, eq(workspaces.id, clientReports.workspaceId))
    .where(eq(clientReports.scheduleEnabled, true))
    .orderBy(asc(clientReports.workspaceId), asc(clientReports.id));
}

/**
 * Takes a period's sending for this process: inserts it, or takes back a failed one with
 * attempts left or one left "sending" longer than `staleBefore` (a process that stopped
 * mid-send). Answers the row when this caller now holds it, undefined when another does or
 * it is sent. Atomic in the database: two workers never both hold one period.
 */
export async function claimClientReportSending(
  db: Db,
  input: {
    workspaceId: string;
    reportId: string;
    periodFrom: string;
    periodTo: string;
    recipients: string[];
    now: Date;
    staleBefore: Date;
    maxAttempts: number;
  },
): Promise<ClientReportSendingRow | undefined> {
  const [inserted] = await db
    .insert(clientReportSendings)
    .values({
      workspaceId: input.workspaceId,
      reportId: input.reportId,
      periodFrom: input.periodFrom,
      periodTo: input.periodTo,
      status: "sending",
      attempts: 1,
      recipients: input.recipients,
      claimedAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [retaken] = await db
    .update(clientReportSendings)
    .set({
      status: "sending",
      attempts: sql`${clientReportSendings.attempts} + 1`,
      recipients: input.recipients,
      claimedAt: input.now,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(clientReportSendings.workspaceId, input.workspaceId),
        eq(clientReportSendings.reportId, input.reportId),
        eq(clientReportSendings.periodFrom, input.periodFrom),
        lt(clientReportSendings.attempts, input.maxAttempts),
        or(
          eq(clientReportSendings.status, "failed"),
          and(
            eq(clientReportSendings.status, "sending"),
            lt(clientReportSendings.claimedAt, input.staleBefore),
          ),
        ),
      ),
    )
    .returning();
  return retaken;
}

export async function settleClientReportSending(
  db: Db,
  workspaceId: string,
  id: string,
  outcome: { status: "sent"; at: Date } | { status: "failed"; at: Date; error: string },
) {
  await db
    .update(clientReportSendings)
    .set(
      outcome.status === "sent"
        ? { status: "sent", sentAt: outcome.at, lastError: null, updatedAt: outcome.at }
        : { status: "failed", lastError: outcome.error, updatedAt: outcome.at },
    )
    .where(and(eq(clientReportSendings.workspaceId, workspaceId), eq(clientReportSendings.id, id)));
}

/** A failed sending given its attempts back (the "Retry now" button). */
export async function resetClientReportSending(
  db: Db,
  workspaceId: string,
  reportId: string,
  id: string,
  now: Date,
) {
  const rows = await db
    .update(clientReportSendings)
    .set({ attempts: 0, updatedAt: now })
    .where(
      and(
        eq(clientReportSendings.workspaceId, workspaceId),
        eq(clientReportSendings.reportId, reportId),
        eq(clientReportSendings.id, id),
        eq(clientReportSendings.status, "failed"),
      ),
    )
    .returning({ id: clientReportSendings.id });
  return rows.length > 0;
}

/** A report's sendings, newest period first. */
export function listClientReportSendings(
  db: Db,
  workspaceId: string,
  reportId: string,
  limit = 24,
): Promise<ClientReportSendingRow[]> {
  return db
    .select()
    .from(clientReportSendings)
    .where(
      and(
        eq(clientReportSendings.workspaceId, workspaceId),
        eq(clientReportSendings.reportId, reportId),
      ),
    )
    .orderBy(desc(clientReportSendings.periodFrom))
    .limit(limit);
}
