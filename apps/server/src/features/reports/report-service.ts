import type { PlanId } from "@sightline/contracts";
import { type ClientReportRow, findWorkspace } from "@sightline/db";
import { dateOf } from "../../platform/clock.ts";
import type { ReportsContext } from "./context.ts";
import { topPostThumbnails } from "./post-thumbnails.ts";
import { buildReportData } from "./report-data.ts";
import { renderReportPdf } from "./report-pdf.ts";
import type { ReportPeriod } from "./report-period.ts";

/** Where the workspace logo lives (features/workspaces keeps it there). */
export const LOGO_BUCKET = "instagram-media";

/** A report's figures and its workspace's name and logo path, for one period. */
export async function reportFor(
  ctx: Pick<ReportsContext, "db" | "instagram" | "now">,
  workspace: { id: string; plan: PlanId },
  report: ClientReportRow,
  period: ReportPeriod,
) {
  const [data, row] = await Promise.all([
    buildReportData(
      { db: ctx.db, instagram: ctx.instagram },
      { workspace, report, period, now: dateOf(ctx.now) },
    ),
    findWorkspace(ctx.db, workspace.id),
  ]);
  return { data, workspaceName: row?.name ?? "", logoPath: row?.logoPath ?? null };
}

/** The report's PDF for one period, and the file name it is downloaded and sent as. */
export async function reportPdf(
  ctx: Pick<ReportsContext, "db" | "instagram" | "now" | "storage" | "fetchCdnImage" | "logger">,
  workspace: { id: string; plan: PlanId },
  report: ClientReportRow,
  period: ReportPeriod,
) {
  const { data, workspaceName, logoPath } = await reportFor(ctx, workspace, report, period);
  const [logo, posts] = await Promise.all([
    logoPath ? ctx.storage.get(LOGO_BUCKET, logoPath) : undefined,
    topPostThumbnails(ctx, workspace.id, data),
  ]);
  const pdf = await renderReportPdf(data, { name: workspaceName }, { logo, posts });
  return { pdf, filename: reportFileName(report.name, period), data, workspaceName };
}

export function reportFileName(name: string, period: ReportPeriod): string {
  const slug =
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "report";
  return `${slug}-${period.from}-${period.to}.pdf`;
}
