import {
  CLIENT_REPORTS_PER_WORKSPACE,
  type ClientReportPeriodQuery,
  can,
  clientReportPeriodQuerySchema,
  clientReportSectionLabels,
  clientReportSections,
  createClientReportSchema,
  updateClientReportSchema,
} from "@sightline/contracts";
import {
  type ClientReportRow,
  type ClientReportSendingRow,
  countClientReports,
  deleteClientReport,
  findClientReport,
  insertClientReport,
  isClientReportSharedWith,
  listClientReportSendings,
  listClientReportShares,
  listClientReports,
  listInstagramConnections,
  listMembers,
  resetClientReportSending,
  setClientReportShares,
  updateClientReport,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { ActiveWorkspace, AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember } from "../../middleware/session.ts";
import { dateOf } from "../../platform/clock.ts";
import { userLimit } from "../../platform/limits/user-limits.ts";
import { userTimeZone } from "../../platform/user-zone.ts";
import { noStoreUnlessOk } from "../instagram/index.ts";
import { can as planAllows, requirePlan } from "../plans/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import type { ReportsContext } from "./context.ts";
import { reportPostThumbnail } from "./post-thumbnails.ts";
import { lastCompletePeriod, periodLabel, type ReportPeriod } from "./report-period.ts";
import { LOGO_BUCKET, reportFor, reportPdf } from "./report-service.ts";
import { sendReportsJob } from "./send-reports.job.ts";

const idParam = z.object({ id: z.uuid("Not a report id.") });
const sendingParam = z.object({
  id: z.uuid("Not a report id."),
  sendingId: z.uuid("Not a sending id."),
});
const postParam = z.object({
  id: z.uuid("Not a report id."),
  postId: z.string().regex(/^[0-9A-Za-z_]{1,64}$/, "Not an Instagram media id."),
});
const notFound = () => new AppError("not_found", "This report does not exist.");

function toReport(row: ClientReportRow, sharedWith: string[]) {
  return {
    id: row.id,
    name: row.name,
    accountIds: row.accountIds,
    sections: row.sections,
    coverNote: row.coverNote,
    accentColor: row.accentColor,
    frequency: row.frequency,
    timeZone: row.timeZone,
    scheduleEnabled: row.scheduleEnabled,
    recipients: row.recipients,
    sharedWith,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSending(row: ClientReportSendingRow) {
  return {
    id: row.id,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    periodLabel: periodLabel(row.periodFrom, row.periodTo),
    status: row.status,
    attempts: row.attempts,
    error: row.lastError,
    recipients: row.recipients.length,
    sentAt: row.sentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A report this member may open: any of the workspace's, or for a Client the shared ones. */
async function readableReport(
  ctx: ReportsContext,
  member: { workspace: ActiveWorkspace; user: { id: string } },
  id: string,
) {
  const row = await findClientReport(ctx.db, member.workspace.id, id);
  if (!row) throw notFound();
  if (
    member.workspace.role === "client" &&
    !(await isClientReportSharedWith(ctx.db, member.workspace.id, id, member.user.id))
  ) {
    throw notFound();
  }
  return row;
}

/** The accounts must be the workspace's; the shares its Client-role members (422 otherwise). */
async function checkReferences(
  ctx: ReportsContext,
  workspaceId: string,
  input: { accountIds?: string[] | undefined; sharedWith?: string[] | undefined },
) {
  if (input.accountIds) {
    const connected = new Set(
      (await listInstagramConnections(ctx.db, workspaceId)).map((row) => row.instagramId),
    );
    const unknown = input.accountIds.find((id) => !connected.has(id));
    if (unknown) {
      throw new AppError("validation_failed", "Choose accounts connected to this workspace.", [
        { path: "accountIds", message: `The account ${unknown} is not connected here.` },
      ]);
    }
  }
  if (input.sharedWith && input.sharedWith.length > 0) {
    const clients = new Set(
      (await listMembers(ctx.db, workspaceId))
        .filter((member) => member.role === "client")
        .map((member) => member.userId),
    );
    if (input.sharedWith.some((userId) => !clients.has(userId))) {
      throw new AppError("validation_failed", "A report is shared with Client-role members.", [
        { path: "sharedWith", message: "Choose members of this workspace with the Client role." },
      ]);
    }
  }
}

function periodOf(row: ClientReportRow, query: ClientReportPeriodQuery, now: Date): ReportPeriod {
  if (query.from !== undefined && query.to !== undefined) {
    return { from: query.from, to: query.to, label: periodLabel(query.from, query.to) };
  }
  return lastCompletePeriod(row.frequency, now, row.timeZone);
}

/**
 * /api/reports (issue 33 points 4-6, decision 038): client reports. Every member with
 * `reports` opens them (a Client only those shared with them, any other a 404); `reports:write`
 * (editors and up) builds, shares, schedules and deletes them. All of it is the
 * `teamMembers` capability (Premium); the list answers `allowed` so the page can say so.
 * A top post's thumbnail is served under its report, so a Client reads it without the calendar's
 * routes, and only for the posts the report shows.
 */
export function reportRoutes(ctx: ReportsContext) {
  const reader = requireMember("reports");
  const writer = requireMember("reports:write");
  const plan = requirePlan("teamMembers");
  return new Hono<AppEnv>()
    .get("/", reader, async (c) => {
      const { workspace, user } = c.var;
      const allowed = planAllows(workspace, "teamMembers");
      const isClient = workspace.role === "client";
      const rows = allowed
        ? await listClientReports(ctx.db, workspace.id, isClient ? { sharedWith: user.id } : {})
        : [];
      const shares = isClient
        ? new Map<string, string[]>()
        : await listClientReportShares(
            ctx.db,
            workspace.id,
            rows.map((row) => row.id),
          );
      const canWrite = can(workspace.role, "reports:write");
      const [connections, members] = canWrite
        ? await Promise.all([
            listInstagramConnections(ctx.db, workspace.id),
            listMembers(ctx.db, workspace.id),
          ])
        : [[], []];
      return c.json({
        allowed,
        reports: rows.map((row) => toReport(row, shares.get(row.id) ?? [])),
        sections: clientReportSections.map((id) => ({ id, label: clientReportSectionLabels[id] })),
        accounts: connections.map((row) => ({
          id: row.instagramId,
          username: row.instagramUsername,
        })),
        clients: members
          .filter((member) => member.role === "client")
          .map((member) => ({ userId: member.userId, email: member.email, name: member.name })),
      });
    })
    .post("/", writer, plan, validate("json", createClientReportSchema), async (c) => {
      const input = c.req.valid("json");
      const { workspace, user } = c.var;
      await checkReferences(ctx, workspace.id, input);
      if ((await countClientReports(ctx.db, workspace.id)) >= CLIENT_REPORTS_PER_WORKSPACE) {
        throw new AppError(
          "conflict",
          `A workspace keeps at most ${CLIENT_REPORTS_PER_WORKSPACE} reports. Delete one to build another.`,
        );
      }
      const now = dateOf(ctx.now);
      const { sharedWith, ...fields } = input;
      const row = await insertClientReport(ctx.db, {
        ...fields,
        workspaceId: workspace.id,
        timeZone: await userTimeZone(ctx.db, user.id),
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      });
      await setClientReportShares(ctx.db, workspace.id, row.id, [...new Set(sharedWith)]);
      await recordAudit(ctx, c.var, "report.created", {
        target: row.id,
        details: { name: row.name },
      });
      return c.json({ report: toReport(row, sharedWith) }, 201);
    })
    .get("/:id", reader, plan, validate("param", idParam), async (c) => {
      const row = await readableReport(ctx, c.var, c.req.valid("param").id);
      const isClient = c.var.workspace.role === "client";
      const shares = isClient
        ? []
        : ((await listClientReportShares(ctx.db, c.var.workspace.id, [row.id])).get(row.id) ?? []);
      return c.json({
        report: isClient ? { ...toReport(row, []), recipients: [] } : toReport(row, shares),
        sendings: isClient
          ? []
          : (await listClientReportSendings(ctx.db, c.var.workspace.id, row.id)).map(toSending),
      });
    })
    .patch(
      "/:id",
      writer,
      plan,
      validate("param", idParam),
      validate("json", updateClientReportSchema),
      async (c) => {
        const { id } = c.req.valid("param");
        const input = c.req.valid("json");
        const { workspace } = c.var;
        const existing = await findClientReport(ctx.db, workspace.id, id);
        if (!existing) throw notFound();
        await checkReferences(ctx, workspace.id, input);
        const recipients = input.recipients ?? existing.recipients;
        if ((input.scheduleEnabled ?? existing.scheduleEnabled) && recipients.length === 0) {
          throw new AppError("validation_failed", "Add an address to send the report to.", [
            { path: "recipients", message: "Add at least one address to send the report to." },
          ]);
        }
        const { sharedWith, ...fields } = input;
        const row = await updateClientReport(ctx.db, workspace.id, id, {
          ...fields,
          updatedAt: dateOf(ctx.now),
        });
        if (!row) throw notFound();
        if (sharedWith) {
          await setClientReportShares(ctx.db, workspace.id, id, [...new Set(sharedWith)]);
        }
        const shares = (await listClientReportShares(ctx.db, workspace.id, [id])).get(id) ?? [];
        await recordAudit(ctx, c.var, "report.updated", {
          target: id,
          details: { changed: Object.keys(input).sort() },
        });
        // A schedule switched on sends the last complete period at once, not at the next hour.
        if (row.scheduleEnabled) await ctx.queue.send(sendReportsJob, {});
        return c.json({ report: toReport(row, shares) });
      },
    )
    .delete("/:id", writer, validate("param", idParam), async (c) => {
      const { id } = c.req.valid("param");
      if (!(await deleteClientReport(ctx.db, c.var.workspace.id, id))) throw notFound();
      await recordAudit(ctx, c.var, "report.deleted", { target: id });
      return c.body(null, 204);
    })
    .get(
      "/:id/data",
      reader,
      plan,
      validate("param", idParam),
      validate("query", clientReportPeriodQuerySchema),
      async (c) => {
        const { workspace } = c.var;
        const row = await readableReport(ctx, c.var, c.req.valid("param").id);
        const period = periodOf(row, c.req.valid("query"), dateOf(ctx.now));
        const { data, workspaceName, logoPath } = await reportFor(ctx, workspace, row, period);
        return c.json({
          ...data,
          workspace: {
            name: workspaceName,
            logoUrl: logoPath ? ctx.storage.signedUrl(LOGO_BUCKET, logoPath) : null,
          },
        });
      },
    )
    .get(
      "/:id/pdf",
      reader,
      plan,
      validate("param", idParam),
      userLimit(ctx, "reportPdf"),
      validate("query", clientReportPeriodQuerySchema),
      async (c) => {
        const { workspace } = c.var;
        const row = await readableReport(ctx, c.var, c.req.valid("param").id);
        const period = periodOf(row, c.req.valid("query"), dateOf(ctx.now));
        const { pdf, filename } = await reportPdf(ctx, workspace, row, period);
        return c.body(new Uint8Array(pdf), 200, {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="${filename}"`,
          "cache-control": "private, no-store",
        });
      },
    )
    .get(
      "/:id/posts/:postId/thumbnail",
      noStoreUnlessOk,
      reader,
      plan,
      validate("param", postParam),
      userLimit(ctx, "reportThumbnail"),
      validate("query", clientReportPeriodQuerySchema),
      async (c) => {
        const { workspace } = c.var;
        const { id, postId } = c.req.valid("param");
        const row = await readableReport(ctx, c.var, id);
        const period = periodOf(row, c.req.valid("query"), dateOf(ctx.now));
        const image = await reportPostThumbnail(ctx, workspace, row, period, postId);
        return c.body(image.body as Uint8Array<ArrayBuffer>, 200, image.headers);
      },
    )
    .post(
      "/:id/sendings/:sendingId/retry",
      writer,
      plan,
      validate("param", sendingParam),
      async (c) => {
        const { id, sendingId } = c.req.valid("param");
        const { workspace } = c.var;
        const row = await findClientReport(ctx.db, workspace.id, id);
        if (!row) throw notFound();
        if (!row.scheduleEnabled) {
          throw new AppError("conflict", "Switch the schedule on to send this report again.");
        }
        const reset = await resetClientReportSending(
          ctx.db,
          workspace.id,
          id,
          sendingId,
          dateOf(ctx.now),
        );
        if (!reset) throw new AppError("not_found", "No failed sending with this id.");
        await ctx.queue.send(sendReportsJob, {});
        return c.json({ queued: true });
      },
    );
}
