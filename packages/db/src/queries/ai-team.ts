import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { aiTeamReports } from "../schema/index.ts";
import type { AnalyticsScope } from "./analytics.ts";

export type AiTeamReportRow = typeof aiTeamReports.$inferSelect;

/** The account's stored AI team outputs, one per role. */
export function listAiTeamReports(db: Db, scope: AnalyticsScope): Promise<AiTeamReportRow[]> {
  return db
    .select()
    .from(aiTeamReports)
    .where(
      and(
        eq(aiTeamReports.workspaceId, scope.workspaceId),
        eq(aiTeamReports.accountId, scope.accountId),
      ),
    );
}

/** Stores a role's output, replacing the previous one. */
export async function saveAiTeamReport(db: Db, row: AiTeamReportRow): Promise<void> {
  const { workspaceId: _w, accountId: _a, role: _r, ...rest } = row;
  await db
    .insert(aiTeamReports)
    .values(row)
    .onConflictDoUpdate({
      target: [aiTeamReports.workspaceId, aiTeamReports.accountId, aiTeamReports.role],
      set: rest,
    });
}
