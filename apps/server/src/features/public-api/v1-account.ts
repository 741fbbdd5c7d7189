import { accountIdPattern } from "@sightline/contracts";
import { type Db, findInstagramConnection, type InstagramConnectionRow } from "@sightline/db";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import { withRouteDoc } from "../../lib/route-docs.ts";
import type { RadarsContext } from "../radars/index.ts";
import type { TokenEnv } from "./authenticate.ts";
import { accountsExample } from "./openapi-examples.ts";

export type AccountEnv = TokenEnv & { Variables: { connection: InstagramConnectionRow } };

/**
 * The path's `:accountId` among the token's workspace's connections, before anything else of
 * the request is read: any other account (another tenant's) is a 404, whatever the body.
 */
export function knownAccount(db: Db) {
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

export function scopeOf(connection: InstagramConnectionRow) {
  return { workspaceId: connection.workspaceId, accountId: connection.instagramId };
}

/** The token's workspace with the path's account, as the app's services take a workspace. */
export function workspaceOf(
  token: TokenEnv["Variables"]["apiToken"],
  connection: InstagramConnectionRow,
) {
  return { id: token.workspaceId, accountId: connection.instagramId, plan: token.plan };
}

/** What the endpoints beyond the first four need besides the first four's deps. */
export type V1MoreDeps = {
  /** This server's origin (upload URLs; the inbox's own stored images). */
  publicUrl: string;
  radars: RadarsContext;
};
