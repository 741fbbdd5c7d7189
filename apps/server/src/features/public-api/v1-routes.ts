import {
  publicApiDraftSchema,
  publicApiKpisQuerySchema,
  publicApiPostsQuerySchema,
} from "@sightline/contracts";
import type { ScheduledPostRow } from "@sightline/db";
import { Hono } from "hono";
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
  return (
    new Hono<TokenEnv>()
      .use(auditApiRequests(deps))
      .use(authenticateToken(deps))
      .get("/accounts", anyRead, async (c) =>
        c.json({ data: await listTokenAccounts(deps.db, c.var.apiToken) }),
      )
      .get(
        "/accounts/:accountId/analytics/kpis",
        requireScope("analytics:read"),
        knownAccount(deps.db),
        validate("query", publicApiKpisQuerySchema),
        async (c) =>
          c.json({
            data: await readAccountKpis(
              deps,
              c.var.apiToken,
              c.var.connection,
              c.req.valid("query"),
            ),
          }),
      )
      .get(
        "/accounts/:accountId/posts",
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
