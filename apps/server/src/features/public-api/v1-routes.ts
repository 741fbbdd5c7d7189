import {
  isTimeZone,
  publicApiDraftSchema,
  publicApiKpisQuerySchema,
  publicApiPostsQuerySchema,
} from "@sightline/contracts";
import { listInstagramConnections, type ScheduledPostRow } from "@sightline/db";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import { dateOf } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import type { Storage } from "../../platform/storage.ts";
import {
  buildOverview,
  clampToHistory,
  historyWindow,
  listPosts,
  periodInHistory,
} from "../analytics/index.ts";
import { fetchPeriodInsights, type InstagramContext, pausedAccounts } from "../instagram/index.ts";
import { saveDraft } from "../scheduling/index.ts";
import {
  auditApiRequests,
  authenticateToken,
  type PublicApiDeps,
  requireScope,
  type TokenEnv,
} from "./authenticate.ts";
import { idempotent } from "./idempotency.ts";
import { knownAccount, scopeOf, type V1MoreDeps } from "./v1-account.ts";
import { v1AnalyticsRoutes } from "./v1-analytics.ts";
import { v1InboxRoutes } from "./v1-inbox.ts";
import { v1PostRoutes } from "./v1-posts.ts";
import { v1RadarRoutes } from "./v1-radars.ts";
import { v1UploadRoutes } from "./v1-uploads.ts";

export type PublicApiRoutesDeps = PublicApiDeps & {
  storage: Storage;
  events: EventBus;
  instagram: InstagramContext;
} & V1MoreDeps;

function draftView(row: ScheduledPostRow) {
  return {
    id: row.id,
    accountId: row.accountId,
    status: row.status,
    caption: row.caption,
    hashtags: row.hashtags,
    collaborators: row.collaborators,
    postType: row.postType,
    scheduledTime: row.scheduledTime.toISOString(),
    timeZone: row.timeZone,
    media: row.items.map((item) => ({
      bucket: item.bucket,
      key: item.key,
      mediaType: item.mediaType,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * /api/v1 (issue 35, decision 033): the public REST API, for personal access tokens only.
 * Every request is recorded (method, path, status, address) against its token; every read and
 * write is scoped to the token's workspace, and an account of any other is a 404.
 */
export function publicApiRoutes(deps: PublicApiRoutesDeps) {
  const anyRead = requireScope("analytics:read", "posts:read", "inbox:read");
  return (
    new Hono<TokenEnv>()
      .use(auditApiRequests(deps))
      .use(authenticateToken(deps))
      .get("/accounts", anyRead, async (c) => {
        const rows = await listInstagramConnections(deps.db, c.var.apiToken.workspaceId);
        const paused = pausedAccounts(c.var.apiToken.plan, rows);
        return c.json({
          data: rows.map((row) => ({
            id: row.instagramId,
            username: row.instagramUsername,
            name: row.name,
            accountType: row.accountType,
            followersCount: row.followersCount,
            mediaCount: row.mediaCount,
            status: row.status,
            pausedByPlan: paused.has(row.instagramId),
            lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
          })),
        });
      })
      .get(
        "/accounts/:accountId/analytics/kpis",
        requireScope("analytics:read"),
        knownAccount(deps.db),
        validate("query", publicApiKpisQuerySchema),
        async (c) => {
          const connection = c.var.connection;
          const asked = c.req.valid("query");
          const zone = asked.timezone ?? "UTC";
          if (!isTimeZone(zone)) throw new AppError("bad_request", `"${zone}" is not a time zone.`);
          // The dashboard's query and the dashboard's service: the same numbers.
          const query = {
            ...(asked.since !== undefined ? { from: asked.since, to: asked.until } : {}),
            timezone: zone,
          };
          const now = dateOf(deps.now);
          const history = periodInHistory(c.var.apiToken.plan, query, now, zone);
          const overview = await buildOverview(
            deps.db,
            scopeOf(connection),
            connection.followersCount,
            query,
            now,
            zone,
            (period) => fetchPeriodInsights(deps.instagram, connection, period),
            { history: { from: history.from, label: history.label }, topPosts: false },
          );
          const { followers, engagementRate, ...kpis } = overview.kpis;
          return c.json({
            data: {
              accountId: connection.instagramId,
              period: overview.period,
              previousPeriod: overview.previous,
              timeZone: overview.timeZone,
              followers: {
                value: followers.value,
                change: followers.change,
                net: followers.net,
              },
              kpis: Object.fromEntries(
                Object.entries(kpis).map(([name, kpi]) => [
                  name,
                  {
                    label: kpi.label,
                    basis: kpi.basis,
                    value: kpi.value,
                    previous: kpi.previous,
                    changePct: kpi.changePct,
                    storedDays: kpi.storedDays,
                    asOf: kpi.asOf,
                    note: kpi.note ?? null,
                    reason: kpi.reason ?? null,
                  },
                ]),
              ),
              engagementRate: {
                label: engagementRate.label,
                basis: engagementRate.basis,
                value: engagementRate.value,
                previous: engagementRate.previous,
                changePct: engagementRate.changePct,
                formula: engagementRate.formula,
              },
            },
          });
        },
      )
      .get(
        "/accounts/:accountId/posts",
        requireScope("posts:read"),
        knownAccount(deps.db),
        validate("query", publicApiPostsQuerySchema),
        async (c) => {
          const connection = c.var.connection;
          const { limit, cursor } = c.req.valid("query");
          const history = historyWindow(c.var.apiToken.plan, dateOf(deps.now), "UTC");
          const page = await listPosts(
            deps.db,
            scopeOf(connection),
            {
              sort: "posted_at",
              order: "desc",
              limit,
              ...(cursor ? { cursor } : {}),
              from: clampToHistory(history, undefined),
            },
            "UTC",
            { fullCaptions: true },
          );
          return c.json({
            data: page.items.map((post) => ({
              id: post.id,
              type: post.type,
              postedAt: post.postedAt,
              caption: post.caption,
              permalink: post.permalink,
              metrics: {
                reach: post.reach,
                views: post.views,
                likes: post.likes,
                comments: post.comments,
                saves: post.saves,
                shares: post.shares,
                engagementRate: post.engagementRate,
              },
              metricsAsOf: post.metricsAsOf,
            })),
            nextCursor: page.nextCursor,
          });
        },
      )
      .post(
        "/accounts/:accountId/drafts",
        requireScope("posts:write"),
        knownAccount(deps.db),
        idempotent(deps),
        validate("json", publicApiDraftSchema),
        async (c) => {
          const token = c.var.apiToken;
          const connection = c.var.connection;
          const row = await saveDraft(
            deps,
            { id: token.workspaceId, accountId: connection.instagramId, plan: token.plan },
            c.req.valid("json"),
            token.userId,
          );
          return c.json({ data: draftView(row) }, 201);
        },
      )
      // Issue 35 point 2's other endpoints, one file per area (decision 033's addendum).
      .route("/", v1PostRoutes(deps))
      .route("/", v1UploadRoutes(deps))
      .route("/", v1AnalyticsRoutes(deps))
      .route("/", v1InboxRoutes(deps))
      .route("/", v1RadarRoutes(deps.radars))
  );
}
