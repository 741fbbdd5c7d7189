import {
  accountIdPattern,
  publicApiDraftSchema,
  publicApiKpisQuerySchema,
  publicApiPostsQuerySchema,
} from "@sightline/contracts";
import {
  type Db,
  findInstagramConnection,
  type InstagramConnectionRow,
  type ScheduledPostRow,
} from "@sightline/db";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/app-error.ts";
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
  return createMiddleware<AccountEnv>(async (c, next) => {
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
  return new Hono<TokenEnv>()
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
          data: await readAccountKpis(deps, c.var.apiToken, c.var.connection, c.req.valid("query")),
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
    );
}
