import { type Capability, planCan, planCapabilities, planNames } from "@sightline/contracts";
import {
  countPressKeywords,
  countScheduledPostsSince,
  type Db,
  listCompetitors,
  listInstagramConnections,
  listMembers,
  listPlanUsage,
  listTrendHashtags,
  sumStoredBytes,
} from "@sightline/db";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";
import { requireMember } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { monthKey, monthStart, nextMonthStart } from "./monthly.ts";

/**
 * GET /api/plan (issue 30 point 3): the open workspace's plan and its usage meters, each with
 * what is used and the plan's limit (null: none), and when the monthly ones start again.
 */
export function planRoutes(deps: { db: Db; now: Clock }) {
  return new Hono<AppEnv>().get("/", requireMember("read"), async (c) => {
    const workspace = c.var.workspace;
    const now = dateOf(deps.now);
    const [accounts, members, scheduled, monthly, hashtags, keywords, storage, competitors] =
      await Promise.all([
        listInstagramConnections(deps.db, workspace.id),
        listMembers(deps.db, workspace.id),
        countScheduledPostsSince(deps.db, workspace.id, monthStart(now)),
        listPlanUsage(deps.db, workspace.id, monthKey(now)),
        listTrendHashtags(deps.db, workspace.id),
        countPressKeywords(deps.db, workspace.id),
        sumStoredBytes(deps.db, workspace.id),
        listCompetitors(deps.db, workspace.id),
      ]);
    const table = planCapabilities[workspace.plan];
    const meter = (capability: Capability, used: number, limit: number | null) => ({
      capability,
      used,
      limit,
    });
    return c.json({
      plan: workspace.plan,
      name: planNames[workspace.plan],
      until: workspace.plan === "free" ? null : (workspace.planUntil?.toISOString() ?? null),
      resetsAt: nextMonthStart(now).toISOString(),
      meters: [
        meter("accounts", accounts.length, table.accounts),
        // Without team members the owner is the one member there can be.
        meter("teamMembers", members.length, planCan(workspace.plan, "teamMembers") ? null : 1),
        meter("scheduledPostsPerMonth", scheduled, table.scheduledPostsPerMonth),
        meter("aiCreditsPerMonth", monthly.aiCreditsPerMonth ?? 0, table.aiCreditsPerMonth),
        meter("trendHashtags", hashtags.length, table.trendHashtags),
        meter("pressKeywords", keywords, table.pressKeywords),
        // The accounts' own rows (read for comparison) are not competitors.
        meter("competitors", competitors.filter((row) => !row.isOwn).length, table.competitors),
        meter("storageBytes", storage, table.storageBytes),
      ],
    });
  });
}
