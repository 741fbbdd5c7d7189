import { planCan } from "@sightline/contracts";
import {
  claimClientReportSending,
  listScheduledClientReports,
  settleClientReportSending,
} from "@sightline/db";
import { dateOf } from "../../platform/clock.ts";
import { emptyPayload } from "../../platform/job-queue.ts";
import { clientReportMessage } from "../../platform/mail/templates.ts";
import { defineReportsJob, type ReportsContext } from "./context.ts";
import { lastCompletePeriod } from "./report-period.ts";
import { reportPdf } from "./report-service.ts";

/** Every hour, at 7 past: what became due is sent, and a failed sending is tried again. */
export const SEND_REPORTS_CRON = "7 * * * *";
/** A sending is tried this many times, then left failed (the report's page shows why). */
export const SENDING_MAX_ATTEMPTS = 5;
/** A sending still "sending" after this long was cut off (a stopped process): it is taken back. */
export const SENDING_STALE_MS = 15 * 60_000;

/**
 * One pass over the scheduled reports (issue 33 point 5): each report's last complete period
 * is claimed in the database before anything is sent (client_report_sendings, unique per
 * report and period), so two workers, a second server or a restart never send a period twice;
 * a failure is kept with its error on that row and tried again by the next pass.
 */
export async function sendDueReports(ctx: ReportsContext): Promise<number> {
  const now = dateOf(ctx.now);
  let sent = 0;
  for (const { report, plan, planUntil } of await listScheduledClientReports(ctx.db)) {
    // An ended plan reads as Free (decision 027); reports are a Premium capability.
    const effective = planUntil && planUntil <= now ? "free" : plan;
    if (!planCan(effective, "teamMembers") || report.recipients.length === 0) continue;
    const period = lastCompletePeriod(report.frequency, now, report.timeZone);
    const claim = await claimClientReportSending(ctx.db, {
      workspaceId: report.workspaceId,
      reportId: report.id,
      periodFrom: period.from,
      periodTo: period.to,
      recipients: report.recipients,
      now,
      staleBefore: new Date(now.getTime() - SENDING_STALE_MS),
      maxAttempts: SENDING_MAX_ATTEMPTS,
    });
    if (!claim) continue;
    try {
      const { pdf, filename, workspaceName } = await reportPdf(
        ctx,
        { id: report.workspaceId, plan: effective },
        report,
        period,
      );
      for (const to of report.recipients) {
        await ctx.mailer.sendEmail({
          ...clientReportMessage(to, {
            workspace: workspaceName,
            report: report.name,
            period: period.label,
            coverNote: report.coverNote,
            url: new URL(`/reports/${report.id}`, ctx.publicUrl).toString(),
          }),
          attachments: [{ filename, contentType: "application/pdf", content: pdf }],
        });
      }
      await settleClientReportSending(ctx.db, report.workspaceId, claim.id, {
        status: "sent",
        at: dateOf(ctx.now),
      });
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await settleClientReportSending(ctx.db, report.workspaceId, claim.id, {
        status: "failed",
        at: dateOf(ctx.now),
        error: message.slice(0, 500),
      });
      ctx.logger.warn(
        { err: error, reportId: report.id, attempt: claim.attempts },
        "a scheduled report could not be sent",
      );
    }
  }
  return sent;
}

export const sendReportsJob = defineReportsJob({
  name: "client-reports-send",
  version: 1,
  schema: emptyPayload,
  // One pass waiting and one running across every instance; the claim guards the rest.
  policy: "stately",
  key: () => "due",
  async run(_payload, ctx) {
    await sendDueReports(ctx);
  },
});
