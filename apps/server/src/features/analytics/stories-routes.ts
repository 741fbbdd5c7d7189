import {
  analyticsStoriesQuerySchema,
  analyticsStoryParamSchema,
  isTimeZone,
} from "@sightline/contracts";
import { type Db, getProfileForUser } from "@sightline/db";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv, WorkspaceRef } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import type { InstagramContext } from "../instagram/index.ts";
import { requirePlan } from "../plans/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import { CSV_MAX_ROWS } from "./csv.ts";
import { clampToHistory, historyWindow } from "./history.ts";
import { refreshStories } from "./refresh-stories.ts";
import { getStoryDetail, listStories, storiesCsv } from "./stories.ts";

/** Days are the user's days: the zone asked for, else the profile's, else UTC. */
async function zoneFor(db: Db, userId: string, requested: string | undefined) {
  if (requested) {
    if (!isTimeZone(requested))
      throw new AppError("bad_request", `"${requested}" is not a time zone.`);
    return requested;
  }
  const zone = (await getProfileForUser(db, userId))?.timeZone;
  return zone && isTimeZone(zone) ? zone : "UTC";
}

async function connectionOf(db: Db, workspace: WorkspaceRef) {
  return selectedConnection(db, workspace);
}

async function scopeOf(db: Db, workspace: WorkspaceRef) {
  const connection = await selectedConnection(db, workspace);
  return connection ? { workspaceId: workspace.id, accountId: connection.instagramId } : undefined;
}

/**
 * Post Performance's Stories tab (decision 039): the stories stored by the hourly read and the
 * expiry webhook, one story with its reads over time, and the list as CSV. Reads are the
 * selected account's in the signed-in member's workspace; the plan's history bounds them as it
 * bounds posts.
 */
export function storyAnalyticsRoutes(deps: { db: Db; now: Clock; instagram?: InstagramContext }) {
  return new Hono<AppEnv>()
    .get(
      "/stories.csv",
      requireMember("export"),
      requirePlan("advancedAnalytics"),
      validate("query", analyticsStoriesQuerySchema),
      async (c) => {
        const scope = await scopeOf(deps.db, c.var.workspace);
        if (!scope) throw new AppError("not_found", "Connect Instagram first.");
        const asked = c.req.valid("query");
        const zone = await zoneFor(deps.db, c.var.user.id, asked.timezone);
        const now = dateOf(deps.now);
        const history = historyWindow(c.var.workspace.plan, now, zone);
        const stories = await listStories(
          deps.db,
          scope,
          { ...asked, from: clampToHistory(history, asked.from), limit: CSV_MAX_ROWS },
          zone,
          now,
        );
        await recordAudit(deps, c.var, "analytics.exported", {
          accountId: scope.accountId,
          target: "stories.csv",
          details: { rows: stories.length },
        });
        return c.body(storiesCsv(stories), 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="sightline-stories.csv"',
          "cache-control": "no-store",
        });
      },
    )
    .get(
      "/stories",
      requireMember("read"),
      validate("query", analyticsStoriesQuerySchema),
      async (c) => {
        const scope = await scopeOf(deps.db, c.var.workspace);
        if (!scope) return c.json({ connected: false as const, items: [] });
        const query = c.req.valid("query");
        const zone = await zoneFor(deps.db, c.var.user.id, query.timezone);
        const now = dateOf(deps.now);
        const history = historyWindow(c.var.workspace.plan, now, zone);
        return c.json({
          connected: true as const,
          items: await listStories(
            deps.db,
            scope,
            { ...query, from: clampToHistory(history, query.from) },
            zone,
            now,
          ),
        });
      },
    )
    .post("/stories/refresh", requireMember("read"), async (c) => {
      const connection = await connectionOf(deps.db, c.var.workspace);
      if (!connection) throw new AppError("not_found", "Connect Instagram to see your stories.");
      if (!deps.instagram || connection.status !== "active") {
        throw new AppError("bad_request", "Reconnect Instagram to read your stories.");
      }
      const now = dateOf(deps.now);
      await refreshStories(deps.db, deps.instagram, connection, now);
      return c.json({ refreshed: true as const });
    })
    .get(
      "/stories/:igMediaId",
      requireMember("read"),
      validate("param", analyticsStoryParamSchema),
      async (c) => {
        const scope = await scopeOf(deps.db, c.var.workspace);
        if (!scope) throw new AppError("not_found", "Connect Instagram to see your stories.");
        const detail = await getStoryDetail(
          deps.db,
          scope,
          c.req.valid("param").igMediaId,
          dateOf(deps.now),
        );
        if (!detail) throw new AppError("not_found", "No such story.");
        return c.json(detail);
      },
    );
}
