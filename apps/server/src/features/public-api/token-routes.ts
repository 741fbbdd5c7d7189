import { createAccessTokenSchema } from "@sightline/contracts";
import type { Db } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/app-types.ts";
import type { Logger } from "../../lib/logger.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { requirePlan } from "../plans/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import { createTokenFor, listTokensFor, revokeTokenFor } from "./tokens.ts";

const idParam = z.object({ id: z.uuid("This token does not exist.") });

/**
 * /api/workspaces/current/tokens: Settings → Developers (issue 35). Every member but a Client
 * (whose role reads nothing) lists and revokes their own tokens, owners and admins everyone's;
 * making one needs a plan with the public API.
 */
export function accessTokenRoutes(deps: { db: Db; now: Clock; logger: Logger }) {
  return new Hono<AppEnv>()
    .get("/", requireMember("read"), async (c) => {
      return c.json({
        tokens: await listTokensFor(deps.db, { userId: c.var.user.id, workspace: c.var.workspace }),
      });
    })
    .post(
      "/",
      requireMember("read"),
      requirePlan("publicApi"),
      validate("json", createAccessTokenSchema),
      async (c) => {
        const { token, summary } = await createTokenFor(
          deps.db,
          { userId: c.var.user.id, workspace: c.var.workspace },
          c.req.valid("json"),
          dateOf(deps.now),
        );
        await recordAudit(deps, c.var, "api_token.created", {
          target: summary.prefix,
          details: { name: summary.name, scopes: summary.scopes, expiresAt: summary.expiresAt },
        });
        // The one time the secret is sent: never cached on the way.
        c.header("Cache-Control", "no-store");
        return c.json({ token, accessToken: summary }, 201);
      },
    )
    .delete("/:id", requireMember("read"), validate("param", idParam), async (c) => {
      const { row, revokedNow } = await revokeTokenFor(
        deps.db,
        { userId: c.var.user.id, workspace: c.var.workspace },
        c.req.valid("param").id,
        dateOf(deps.now),
      );
      if (revokedNow) {
        await recordAudit(deps, c.var, "api_token.revoked", {
          target: row.prefix,
          details: { name: row.name, owner: row.ownerEmail },
        });
      }
      return c.json({ revoked: true });
    });
}
