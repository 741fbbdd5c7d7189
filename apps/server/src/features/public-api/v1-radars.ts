import { publicApiMentionsQuerySchema } from "@sightline/contracts";
import { Hono } from "hono";
import { validate } from "../../lib/validate.ts";
import { listMentions, type RadarsContext, trendRadarOverview } from "../radars/index.ts";
import { requireScope, type TokenEnv } from "./authenticate.ts";

/**
 * The radars through /api/v1 (issue 35 point 2), `analytics:read`: Press Radar's mentions
 * (keyset pages, newest first) and Trend Radar's tracked hashtags with their latest figures,
 * from the same services as their pages. Both belong to the workspace, not to one account.
 */
export function v1RadarRoutes(ctx: RadarsContext) {
  const read = requireScope("analytics:read");
  return new Hono<TokenEnv>()
    .get("/radars/mentions", read, validate("query", publicApiMentionsQuerySchema), async (c) => {
      const page = await listMentions(ctx.db, c.var.apiToken.workspaceId, c.req.valid("query"));
      return c.json({ data: page.items, nextCursor: page.nextCursor });
    })
    .get("/radars/trends", read, async (c) => {
      const overview = await trendRadarOverview(ctx, {
        id: c.var.apiToken.workspaceId,
        accountId: undefined,
      });
      return c.json({
        data: {
          hashtags: overview.hashtags,
          hashtagLimit: overview.hashtagLimit,
          budget: overview.budget,
          blocker: overview.blocker,
        },
      });
    });
}
