import {
  CLIENT_REPORT_POSTS_TABLE_ROWS,
  type ClientReportSection,
  clientReportSections,
  type PlanId,
  planRequiredFor,
} from "@sightline/contracts";
import {
  type ClientReportRow,
  type Db,
  listAiTeamReports,
  listInstagramConnections,
} from "@sightline/db";
import {
  buildAudience,
  buildOverview,
  clampToHistory,
  listPosts,
  periodInHistory,
} from "../analytics/index.ts";
import { measureResponseTimes } from "../inbox/index.ts";
import { fetchPeriodInsights, type InstagramContext } from "../instagram/index.ts";
import { can } from "../plans/index.ts";
import type { ReportPeriod } from "./report-period.ts";

/**
 * A report's numbers for one period (issue 33 point 4). Every figure comes from the same
 * service functions the app's pages call (buildOverview for the dashboard's KPIs, buildAudience
 * for Audience Insights, listPosts for Post Performance) with the same arguments the
 * /api/analytics routes give them, and the inbox's measureResponseTimes as
 * /api/inbox/response-times calls it, so a report never says another number than the app;
 * reports.int.test.ts compares them. Nothing is summed across accounts: each account is shown
 * on its own (reach and accounts engaged are unique counts).
 */
export async function buildReportData(
  deps: { db: Db; instagram?: InstagramContext | undefined },
  input: {
    workspace: { id: string; plan: PlanId };
    report: ClientReportRow;
    period: ReportPeriod;
    now: Date;
  },
) {
  const { db } = deps;
  const { workspace, report, period, now } = input;
  const zone = report.timeZone;
  const sections = clientReportSections.filter((section) =>
    (report.sections as string[]).includes(section),
  );
  const has = (section: ClientReportSection) => sections.includes(section);
  // The period is refused (403 plan_required) when it starts before the plan's history.
  const history = periodInHistory(workspace.plan, { from: period.from, to: period.to }, now, zone);
  const connections = await listInstagramConnections(db, workspace.id);
  const accounts = [];
  for (const accountId of report.accountIds) {
    const connection = connections.find((row) => row.instagramId === accountId);
    if (!connection) {
      accounts.push({ accountId, connected: false as const });
      continue;
    }
    const scope = { workspaceId: workspace.id, accountId };
    const overview = await buildOverview(
      db,
      scope,
      connection.followersCount,
      { from: period.from, to: period.to },
      now,
      zone,
      deps.instagram
        ? (window) => fetchPeriodInsights(deps.instagram!, connection, window)
        : undefined,
      { history: { from: history.from, label: history.label } },
    );
    const audience =
      has("audience") || has("growth")
        ? await buildAudience(db, scope, {
            followersCount: connection.followersCount,
            timeZone: zone,
            now,
            demographics: can(workspace, "advancedAnalytics")
              ? true
              : planRequiredFor(workspace.plan, "advancedAnalytics"),
          })
        : null;
    const posts = has("posts-table")
      ? (
          await listPosts(
            db,
            scope,
            {
              sort: "reach",
              order: "desc",
              from: clampToHistory(history, period.from),
              to: period.to,
              limit: CLIENT_REPORT_POSTS_TABLE_ROWS,
            },
            zone,
          )
        ).items
      : [];
    const analyst = has("analyst")
      ? (await listAiTeamReports(db, scope)).find(
          (row) => row.role === "analyst" && row.status === "ready",
        )
      : undefined;
    // The Inbox panel's own service and arguments (GET /api/inbox/response-times).
    const responseTimes = has("response-times")
      ? await measureResponseTimes(
          db,
          scope,
          { from: period.from, to: period.to, timeZone: zone },
          now,
        )
      : null;
    accounts.push({
      accountId,
      connected: true as const,
      username: connection.instagramUsername,
      name: connection.name,
      overview: { kpis: overview.kpis, topPosts: overview.topPosts, previous: overview.previous },
      audience: audience && {
        followersCount: audience.followersCount,
        demographics: audience.demographics.followers,
        demographicsNotice: audience.demographicsNotice,
        demographicsLocked: audience.demographicsLocked,
        growth: audience.growth,
      },
      posts,
      analyst: analyst
        ? {
            headline: analyst.wording.headline,
            paragraphs: analyst.wording.paragraphs,
            writer: analyst.writer.label,
            computedAt: analyst.computedAt.toISOString(),
          }
        : null,
      responseTimes: responseTimes && {
        comments: responseTimes.comments,
        dms: responseTimes.dms,
      },
    });
  }
  return {
    report: {
      id: report.id,
      name: report.name,
      coverNote: report.coverNote,
      accentColor: report.accentColor,
      sections,
      frequency: report.frequency,
      timeZone: zone,
    },
    period: { from: period.from, to: period.to, label: period.label },
    accounts,
  };
}

export type ReportData = Awaited<ReturnType<typeof buildReportData>>;
export type ReportAccount = ReportData["accounts"][number];
