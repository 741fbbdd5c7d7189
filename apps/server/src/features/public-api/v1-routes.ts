import {
  IDEMPOTENCY_KEY_HEADER,
  PUBLIC_API_POSTS_MAX_LIMIT,
  publicApiAccountsResponseSchema,
  publicApiDraftResponseSchema,
  publicApiDraftSchema,
  publicApiKpisQuerySchema,
  publicApiKpisResponseSchema,
  publicApiPostsQuerySchema,
  publicApiPostsResponseSchema,
} from "@sightline/contracts";
import type { ScheduledPostRow } from "@sightline/db";
import { Hono } from "hono";
import type { RouterRoute } from "hono/types";
import { z } from "zod";
import { validate } from "../../lib/validate.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import type { Storage } from "../../platform/storage.ts";
import type { InstagramContext } from "../instagram/index.ts";
import { saveDraft } from "../scheduling/index.ts";
import { listTokenAccounts, readAccountKpis, readAccountPosts } from "./account-reads.ts";
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
import { knownAccount, type V1MoreDeps } from "./v1-account.ts";
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
      async (c) => c.json({ data: await listTokenAccounts(deps.db, c.var.apiToken) }),
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
      async (c) =>
        c.json({
          data: await readAccountKpis(deps, c.var.apiToken, c.var.connection, c.req.valid("query")),
        }),
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
      async (c) =>
        c.json(
          await readAccountPosts(deps, c.var.apiToken, c.var.connection, c.req.valid("query")),
        ),
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
    )
    // Issue 35 point 2's other endpoints, one file per area (decision 033's addendum).
    .route("/", v1PostRoutes(deps))
    .route("/", v1UploadRoutes(deps))
    .route("/", v1AnalyticsRoutes(deps))
    .route("/", v1InboxRoutes(deps))
    .route("/", v1RadarRoutes(deps.radars));
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
