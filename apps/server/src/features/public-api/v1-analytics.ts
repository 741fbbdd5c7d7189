import { isTimeZone, planRequiredFor, publicApiAudienceQuerySchema } from "@sightline/contracts";
import type { Db } from "@sightline/db";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { buildAudience } from "../analytics/index.ts";
import { can } from "../plans/index.ts";
import { requireScope, type TokenEnv } from "./authenticate.ts";
import { knownAccount, scopeOf } from "./v1-account.ts";

/**
 * GET /api/v1/accounts/:accountId/analytics/audience (issue 35 point 2): the Audience page's
 * own `buildAudience`, so every figure is the page's; days in UTC unless `timezone` is given.
 * Demographics are advanced analytics: a plan without them gets the rest and says why.
 */
export function v1AnalyticsRoutes(deps: { db: Db; now: Clock }) {
  return new Hono<TokenEnv>().get(
    "/accounts/:accountId/analytics/audience",
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
