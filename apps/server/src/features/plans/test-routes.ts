import { planIds } from "@sightline/contracts";
import type { Db } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { changePlan } from "./change.ts";

/**
 * POST /api/test/plan: browser tests put the open workspace on a plan, as the operator's
 * `npm run plan` would (it cannot open the data folder the test server holds). Mounted only
 * when NODE_ENV=test (app.ts), and only for the workspace's owner.
 */
export function planTestRoutes(deps: { db: Db; now: Clock }) {
  return new Hono<AppEnv>().post(
    "/",
    requireMember("owner"),
    validate("json", z.object({ plan: z.enum(planIds) })),
    async (c) => {
      const { plan } = c.req.valid("json");
      await changePlan(deps.db, {
        workspaceId: c.var.workspace.id,
        from: c.var.workspace.plan,
        plan,
        until: null,
        by: "test",
        now: dateOf(deps.now),
      });
      return c.json({ plan });
    },
  );
}
