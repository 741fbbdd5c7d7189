import {
  accountIdPattern,
  IDEMPOTENCY_KEY_HEADER,
  isTimeZone,
  PUBLIC_API_POSTS_MAX_LIMIT,
  publicApiAccountsResponseSchema,
  publicApiDraftResponseSchema,
  publicApiDraftSchema,
  publicApiKpisQuerySchema,
  publicApiKpisResponseSchema,
  publicApiPostsQuerySchema,
  publicApiPostsResponseSchema,
} from "@sightline/contracts";
import {
  type Db,
  findInstagramConnection,
  type InstagramConnectionRow,
  listInstagramConnections,
  type ScheduledPostRow,
} from "@sightline/db";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { RouterRoute } from "hono/types";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import { withRouteDoc } from "../../lib/route-docs.ts";
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
import { describeRoute, serveOpenApiDocument } from "./openapi.ts";
import {
  accountsExample,
  documentExample,
  draftExample,
  draftRequestExample,
  kpisExample,
  postsExample,
} from "./openapi-examples.ts";

export type PublicApiRoutesDeps = PublicApiDeps & {
  storage: Storage;
  events: EventBus;
  instagram: InstagramContext;
};

type AccountEnv = TokenEnv & { Variables: { connection: InstagramConnectionRow } };

/**
 * The path's `:accountId` among the token's workspace's connections, before anything else of
 * the request is read: any other account (another tenant's) is a 404, whatever the body.
 */
function knownAccount(db: Db) {
  const middleware = createMiddleware<AccountEnv>(async (c, next) => {
    const accountId = c.req.param("accountId") ?? "";
    const connection = accountIdPattern.test(accountId)
      ? await findInstagramConnection(db, c.var.apiToken.workspaceId, accountId)
      : undefined;
    if (!connection) {
      throw new AppError("not_found", "This Instagram account is not connected to this workspace.");
    }
    c.set("connection", connection);
    await next();
  });
  return withRouteDoc(middleware, {
    pathParams: {
      accountId: {
        description: "The Instagram account's id, as `GET /accounts` lists it.",
        example: accountsExample.data[0]!.id,
        schema: z.string().regex(accountIdPattern),
      },
    },
    errors: [
      {
        status: 404,
        code: "not_found",
        message: "This Instagram account is not connected to this workspace.",
      },
    ],
  });
}

function scopeOf(connection: InstagramConnectionRow) {
  return { workspaceId: connection.workspaceId, accountId: connection.instagramId };
}

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
  const api = new Hono<TokenEnv>()
    .use(auditApiRequests(deps))
    .use(authenticateToken(deps))
    .get(
      "/accounts",
      describeRoute({
        operationId: "listAccounts",
        tag: "Accounts",
        summary: "List connected accounts",
        description:
          "The Instagram accounts connected to the token's workspace, with the ids every other route takes. Any read scope will do.",
        response: {
          status: 200,
          description: "The workspace's accounts.",
          schema: publicApiAccountsResponseSchema,
          example: accountsExample,
        },
      }),
      anyRead,
      async (c) => {
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
      },
    )
    .get(
      "/accounts/:accountId/analytics/kpis",
      describeRoute({
        operationId: "getAccountKpis",
        tag: "Analytics",
        summary: "Read the period's KPIs",
        description:
          "The dashboard's figures for the days from `since` to `until` (both included; neither: the 28 days to yesterday), on `timezone`'s calendar (UTC unless given), each beside the previous period of the same length. Reach and accounts engaged are Instagram's own figures for the period (unique people), never a sum of days. A figure Instagram does not give is null with a `reason`. The plan's history window applies.",
        response: {
          status: 200,
          description: "The period's figures.",
          schema: publicApiKpisResponseSchema,
          example: kpisExample,
        },
        errors: [
          { status: 400, code: "bad_request", message: '"Mars/Olympus" is not a time zone.' },
        ],
      }),
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
      describeRoute({
        operationId: "listPosts",
        tag: "Posts",
        summary: "List published posts with metrics",
        description: `Published posts, newest first, with their latest metrics and when they were read. Keyset pages of \`limit\` (at most ${PUBLIC_API_POSTS_MAX_LIMIT}): pass \`nextCursor\` back as \`cursor\` until it is null. Posts older than the plan's history window are left out.`,
        response: {
          status: 200,
          description: "One page of posts.",
          schema: publicApiPostsResponseSchema,
          example: postsExample,
        },
      }),
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
      describeRoute({
        operationId: "createDraft",
        tag: "Posts",
        summary: "Create a draft post",
        description: `Keeps the composer's draft (media already in the workspace's storage, caption, hashtags, collaborators, tags, the time and its time zone) with status \`draft\`: it shows in the content scheduler and is never published by itself. The composer's rules and messages apply. Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely.`,
        response: {
          status: 201,
          description: "The draft, as kept.",
          schema: publicApiDraftResponseSchema,
          example: draftExample,
        },
        requestExample: draftRequestExample,
        errors: [{ status: 400, code: "bad_request", message: "Missing media file" }],
      }),
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
    );
  // The document first, so no token is asked for it; built from every route of this router.
  const routes: { all: RouterRoute[] } = { all: [] };
  const v1 = new Hono<TokenEnv>()
    .get(
      "/openapi.json",
      describeRoute({
        operationId: "getOpenApiDocument",
        tag: "Documentation",
        summary: "This API's OpenAPI document",
        description:
          "The OpenAPI 3.1 document of every route here, without a token. Cacheable (ETag, five minutes).",
        isPublic: true,
        response: {
          status: 200,
          description: "The OpenAPI document.",
          schema: z.looseObject({
            openapi: z.string(),
            info: z.looseObject({}),
            paths: z.looseObject({}),
          }),
          example: documentExample,
        },
      }),
      serveOpenApiDocument(() => routes.all),
    )
    .route("/", api);
  routes.all = v1.routes;
  return v1;
}
