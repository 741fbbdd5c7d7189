import { and, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { aiTeamReports, aiTeamSettings } from "../schema/index.ts";
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

/** The workspace's AI team settings (defaults when none are stored). */
export async function getAiTeamSettings(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ shareDmText: aiTeamSettings.shareDmText })
    .from(aiTeamSettings)
    .where(eq(aiTeamSettings.workspaceId, workspaceId));
  return { shareDmText: row?.shareDmText ?? false };
}

export async function saveAiTeamSettings(
  db: Db,
  workspaceId: string,
  settings: { shareDmText: boolean },
  at: Date,
) {
  await db
    .insert(aiTeamSettings)
    .values({ workspaceId, shareDmText: settings.shareDmText, updatedAt: at })
    .onConflictDoUpdate({
      target: aiTeamSettings.workspaceId,
      set: { shareDmText: settings.shareDmText, updatedAt: at },
    });
}
