import {
  publicApiMentionsQuerySchema,
  publicApiMentionsResponseSchema,
  publicApiTrendsResponseSchema,
} from "@sightline/contracts";
import { Hono } from "hono";
import { validate } from "../../lib/validate.ts";
import { listMentions, type RadarsContext, trendRadarOverview } from "../radars/index.ts";
import { requireScope, type TokenEnv } from "./authenticate.ts";
import { describeRoute } from "./openapi.ts";
import { mentionsExample, trendsExample } from "./openapi-examples-inbox.ts";

/**
 * The radars through /api/v1 (issue 35 point 2), `analytics:read`: Press Radar's mentions
 * (keyset pages, newest first) and Trend Radar's tracked hashtags with their latest figures,
 * from the same services as their pages. Both belong to the workspace, not to one account.
 */
export function v1RadarRoutes(ctx: RadarsContext) {
  const read = requireScope("analytics:read");
  return new Hono<TokenEnv>()
    .get(
      "/radars/mentions",
      describeRoute({
        operationId: "listMentions",
        tag: "Radars",
        summary: "List Press Radar mentions",
        description:
          "Press Radar's mentions of the workspace: the feed items that matched one of its keywords, newest first, with the matched ranges, the sentiment and whether they were seen (reading here does not mark them seen). Filter by `sourceId`, `keywordId` or `sentiment`. Keyset pages of `limit` (at most 100, 30 unless given): pass `nextCursor` back as `cursor` until it is null.",
        response: {
          status: 200,
          description: "One page of mentions.",
          schema: publicApiMentionsResponseSchema,
          example: mentionsExample,
        },
        errors: [
          {
            status: 400,
            code: "bad_request",
            message: "The cursor is not valid; load the list again.",
          },
        ],
      }),
      read,
      validate("query", publicApiMentionsQuerySchema),
      async (c) => {
        const page = await listMentions(ctx.db, c.var.apiToken.workspaceId, c.req.valid("query"));
        return c.json({ data: page.items, nextCursor: page.nextCursor });
      },
    )
    .get(
      "/radars/trends",
      describeRoute({
        operationId: "getTrends",
        tag: "Radars",
        summary: "Read Trend Radar",
        description:
          "Trend Radar's hashtags tracked by the workspace, each with its newest sample (posts of the last 12 hours against the 12 before, the Rising, Steady or Cooling label and why, the top posts' median engagement and the hashtags seen with it) and its top posts; the plan's hashtag limit; Instagram's look-up budget (30 unique hashtags per account per rolling 7 days); and, when hashtags cannot be looked up now, why. Nothing is sampled by this call.",
        response: {
          status: 200,
          description: "The tracked hashtags and the budget.",
          schema: publicApiTrendsResponseSchema,
          example: trendsExample,
        },
      }),
      read,
      async (c) => {
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
      },
    );
}
