import {
  isTimeZone,
  planRequiredFor,
  publicApiAudienceQuerySchema,
  publicApiAudienceResponseSchema,
} from "@sightline/contracts";
import type { Db } from "@sightline/db";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { buildAudience } from "../analytics/index.ts";
import { can } from "../plans/index.ts";
import { requireScope, type TokenEnv } from "./authenticate.ts";
import { describeRoute } from "./openapi.ts";
import { audienceExample } from "./openapi-examples-inbox.ts";
import { knownAccount, scopeOf } from "./v1-account.ts";

/**
 * GET /api/v1/accounts/:accountId/analytics/audience (issue 35 point 2): the Audience page's
 * own `buildAudience`, so every figure is the page's; days in UTC unless `timezone` is given.
 * Demographics are advanced analytics: a plan without them gets the rest and says why.
 */
export function v1AnalyticsRoutes(deps: { db: Db; now: Clock }) {
  return new Hono<TokenEnv>().get(
    "/accounts/:accountId/analytics/audience",
    describeRoute({
      operationId: "getAccountAudience",
      tag: "Analytics",
      summary: "Read the audience",
      description:
        "The Audience page's figures: the newest demographics Instagram gave (age, gender, country and city of followers and of engaged accounts, each share a ratio of the people Instagram knows that dimension of), when followers are online (average per weekday and hour over the last 30 stored days, on `timezone`'s calendar, UTC unless given), and follows and unfollows per day of the last 28 days to yesterday with the growth rate and the projected next milestone. Demographics are advanced analytics: a plan without them gets the rest, every breakdown null and `demographicsLocked` saying which plan has them. Missing data is null with a notice saying why, never zero.",
      response: {
        status: 200,
        description: "The account's audience.",
        schema: publicApiAudienceResponseSchema,
        example: audienceExample,
      },
      errors: [{ status: 400, code: "bad_request", message: '"Mars/Olympus" is not a time zone.' }],
    }),
    requireScope("analytics:read"),
    knownAccount(deps.db),
    validate("query", publicApiAudienceQuerySchema),
    async (c) => {
      const connection = c.var.connection;
      const zone = c.req.valid("query").timezone ?? "UTC";
      if (!isTimeZone(zone)) throw new AppError("bad_request", `"${zone}" is not a time zone.`);
      const plan = c.var.apiToken.plan;
      const audience = await buildAudience(deps.db, scopeOf(connection), {
        followersCount: connection.followersCount,
        timeZone: zone,
        now: dateOf(deps.now),
        demographics: can({ plan }, "advancedAnalytics")
          ? true
          : planRequiredFor(plan, "advancedAnalytics"),
      });
      return c.json({ data: { accountId: connection.instagramId, ...audience } });
    },
  );
}
