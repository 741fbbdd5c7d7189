import {
  type AnalyticsPostListItem,
  analyticsBenchmarksQuerySchema,
  analyticsPeriodQuerySchema,
  analyticsPostParamSchema,
  analyticsPostsQuerySchema,
  isTimeZone,
  type PlanId,
  planRequiredFor,
} from "@sightline/contracts";
import { type Db, getProfileForUser, listInstagramConnections } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv, WorkspaceRef } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import {
  backfillProgress,
  fetchPeriodInsights,
  type InstagramContext,
} from "../instagram/index.ts";
import { can, requirePlan } from "../plans/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import { buildAccountsOverview } from "./accounts-overview.ts";
import { buildAudience } from "./audience.ts";
import { buildBenchmarks } from "./benchmarks.ts";
import { CSV_MAX_ROWS, postsCsv } from "./csv.ts";
import {
  assertPostInHistory,
  clampToHistory,
  describeHistory,
  historyWindow,
  periodInHistory,
} from "./history.ts";
import { addDays, dayStart } from "./period.ts";
import { refreshPost } from "./refresh-post.ts";
import { buildOverview, getPostDetail, listPosts } from "./service.ts";

const timezoneQuery = z.object({
  timezone: z.string().min(1).max(64).optional(),
});

/** Days are the user's days: the zone asked for, else the profile's, else UTC. */
async function timeZoneFor(db: Db, userId: string, requested: string | undefined) {
  if (requested) {
    if (!isTimeZone(requested)) {
      throw new AppError("bad_request", `"${requested}" is not a time zone.`);
    }
    return requested;
  }
  const zone = (await getProfileForUser(db, userId))?.timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}

/** The connection's account scopes every read: rows of an earlier account never show. */
async function scopeOf(db: Db, workspace: WorkspaceRef) {
  const connection = await selectedConnection(db, workspace);
  return connection
    ? { scope: { workspaceId: workspace.id, accountId: connection.instagramId }, connection }
    : undefined;
}

/**
 * /api/analytics: the Dashboard's and Post Performance's reads of the synced data (issue 16).
 * Without a connection the dashboard answers `{ connected: false }` (it shows onboarding, not
 * an error); the post list the same with no items; a single post is a 404.
 */
export function analyticsRoutes(deps: { db: Db; now: Clock; instagram?: InstagramContext }) {
  /** A single post's window, on the profile's calendar (its request names no zone). */
  const postWindow = async (vars: { user: { id: string }; workspace: { plan: PlanId } }) =>
    historyWindow(
      vars.workspace.plan,
      dateOf(deps.now),
      await timeZoneFor(deps.db, vars.user.id, undefined),
    );
  return new Hono<AppEnv>()
    .use(requireMember("read"))
    .get("/audience", validate("query", timezoneQuery), async (c) => {
      const timezone = await timeZoneFor(deps.db, c.var.user.id, c.req.valid("query").timezone);
      const found = await scopeOf(deps.db, c.var.workspace);
      if (!found) return c.json({ connected: false as const });
      return c.json(
        await buildAudience(deps.db, found.scope, {
          followersCount: found.connection.followersCount,
          timeZone: timezone,
          now: dateOf(deps.now),
          // Demographics are advanced analytics (issue 30): a plan without them gets the rest.
          demographics: can(c.var.workspace, "advancedAnalytics")
            ? true
            : planRequiredFor(c.var.workspace.plan, "advancedAnalytics"),
        }),
      );
    })
    .get(
      "/benchmarks",
      requirePlan("advancedAnalytics"),
      validate("query", analyticsBenchmarksQuerySchema),
      async (c) => {
        const found = await scopeOf(deps.db, c.var.workspace);
        if (!found) return c.json({ connected: false as const });
        const { from, to, timezone } = c.req.valid("query");
        const zone = await timeZoneFor(deps.db, c.var.user.id, timezone);
        const history = historyWindow(c.var.workspace.plan, dateOf(deps.now), zone);
        return c.json({
          connected: true as const,
          ...(await buildBenchmarks(deps.db, found.scope, {
            from: dayStart(clampToHistory(history, from), zone),
            ...(to ? { before: dayStart(addDays(to, 1), zone) } : {}),
          })),
        });
      },
    )
    .get(
      "/posts.csv",
      requirePlan("advancedAnalytics"),
      validate("query", analyticsPostsQuerySchema),
      async (c) => {
        const found = await scopeOf(deps.db, c.var.workspace);
        if (!found) throw new AppError("not_found", "Connect Instagram first.");
        // The table as filtered and sorted, every page of it (up to CSV_MAX_ROWS).
        const asked = c.req.valid("query");
        const zone = await timeZoneFor(deps.db, c.var.user.id, asked.timezone);
        const history = historyWindow(c.var.workspace.plan, dateOf(deps.now), zone);
        const query = {
          ...asked,
          from: clampToHistory(history, asked.from),
          cursor: undefined,
          limit: 100,
        };
        const rows: AnalyticsPostListItem[] = [];
        let cursor: string | undefined;
        do {
          const page = await listPosts(deps.db, found.scope, { ...query, cursor }, zone, {
            fullCaptions: true,
          });
          rows.push(...page.items);
          cursor = page.nextCursor ?? undefined;
        } while (cursor && rows.length < CSV_MAX_ROWS);
        await recordAudit(deps, c.var, "analytics.exported", {
          accountId: found.scope.accountId,
          target: "posts.csv",
          details: { rows: Math.min(rows.length, CSV_MAX_ROWS) },
        });
        return c.body(postsCsv(rows.slice(0, CSV_MAX_ROWS)), 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="sightline-posts.csv"',
          "cache-control": "no-store",
        });
      },
    )
    .get("/overview", validate("query", analyticsPeriodQuerySchema), async (c) => {
      const found = await scopeOf(deps.db, c.var.workspace);
      if (!found) return c.json({ connected: false as const });
      const query = c.req.valid("query");
      const now = dateOf(deps.now);
      const zone = await timeZoneFor(deps.db, c.var.user.id, query.timezone);
      const history = periodInHistory(c.var.workspace.plan, query, now, zone);
      const overview = await buildOverview(
        deps.db,
        found.scope,
        found.connection.followersCount,
        query,
        now,
        zone,
        // A period Instagram can still answer but not stored yet is asked now, then stored.
        deps.instagram
          ? (period) => fetchPeriodInsights(deps.instagram!, found.connection, period)
          : undefined,
        { history: { from: history.from, label: history.label } },
      );
      return c.json({
        ...overview,
        history: await describeHistory(deps.db, found.scope, history),
        /** The first sync's progress through the 90 days ("Reading your last 90 days… 40 %"). */
        syncProgress: await backfillProgress(deps.db, found.connection, dateOf(deps.now)),
      });
    })
    .get("/accounts", validate("query", analyticsPeriodQuerySchema), async (c) => {
      // Issue 29: every account of the workspace side by side for one period ("All accounts").
      const query = c.req.valid("query");
      const now = dateOf(deps.now);
      const zone = await timeZoneFor(deps.db, c.var.user.id, query.timezone);
      const history = periodInHistory(c.var.workspace.plan, query, now, zone);
      const connections = await listInstagramConnections(deps.db, c.var.workspace.id);
      return c.json({
        ...(await buildAccountsOverview(
          deps.db,
          c.var.workspace.id,
          connections,
          query,
          now,
          zone,
          // One account Instagram cannot answer for shows its stored figures; the view stays.
          deps.instagram
            ? (connection) => (period) => fetchPeriodInsights(deps.instagram!, connection, period)
            : undefined,
          { from: history.from, label: history.label },
        )),
        history: { days: history.days, label: history.label, from: history.from },
      });
    })
    .get("/posts", validate("query", analyticsPostsQuerySchema), async (c) => {
      const found = await scopeOf(deps.db, c.var.workspace);
      if (!found) return c.json({ connected: false as const, items: [], nextCursor: null });
      const query = c.req.valid("query");
      const zone = await timeZoneFor(deps.db, c.var.user.id, query.timezone);
      const history = historyWindow(c.var.workspace.plan, dateOf(deps.now), zone);
      return c.json({
        connected: true as const,
        ...(await listPosts(
          deps.db,
          found.scope,
          { ...query, from: clampToHistory(history, query.from) },
          zone,
        )),
        // Said with the first page only: the count does not change while paging.
        history: query.cursor ? null : await describeHistory(deps.db, found.scope, history),
      });
    })
    .post("/posts/:igMediaId/refresh", validate("param", analyticsPostParamSchema), async (c) => {
      const found = await scopeOf(deps.db, c.var.workspace);
      if (!found) throw new AppError("not_found", "Connect Instagram to see your posts.");
      if (!deps.instagram || found.connection.status !== "active") {
        throw new AppError("bad_request", "Reconnect Instagram to refresh a post.");
      }
      const { igMediaId } = c.req.valid("param");
      await assertPostInHistory(deps.db, found.scope, await postWindow(c.var), igMediaId);
      await refreshPost(deps.db, deps.instagram, found.connection, igMediaId, dateOf(deps.now));
      return c.json(await getPostDetail(deps.db, found.scope, igMediaId));
    })
    .get("/posts/:igMediaId", validate("param", analyticsPostParamSchema), async (c) => {
      const found = await scopeOf(deps.db, c.var.workspace);
      if (!found) throw new AppError("not_found", "Connect Instagram to see your posts.");
      const { igMediaId } = c.req.valid("param");
      await assertPostInHistory(deps.db, found.scope, await postWindow(c.var), igMediaId);
      return c.json(await getPostDetail(deps.db, found.scope, igMediaId));
    });
}
