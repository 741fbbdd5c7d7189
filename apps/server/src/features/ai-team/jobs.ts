import {
  findInstagramConnection,
  findWorkspace,
  listActiveInstagramConnections,
  listAiTeamReports,
} from "@sightline/db";
import { z } from "zod";
import { userTimeZone } from "../../platform/user-zone.ts";
import { type AiTeamContext, defineAiTeamJob } from "./context.ts";
import { builtRoles, computeRole, newTeamRun, rolesOf, storedRow } from "./team.ts";

/** One account: every role its plan includes, computed and worded (issue 31 point 8). */
export const refreshAccountTeamJob = defineAiTeamJob({
  name: "ai-team-refresh-account",
  version: 1,
  schema: z.object({ workspaceId: z.string().uuid(), accountId: z.string().min(1).max(64) }),
  policy: "stately",
  key: (payload) => `${payload.workspaceId}:${payload.accountId}`,
  retryLimit: 1,
  async run(payload, ctx) {
    const [workspace, connection] = await Promise.all([
      findWorkspace(ctx.db, payload.workspaceId),
      findInstagramConnection(ctx.db, payload.workspaceId, payload.accountId),
    ]);
    if (!workspace || !connection || connection.status !== "active") return;
    const account = {
      workspace: { id: workspace.id, plan: workspace.plan },
      connection,
      timeZone: await userTimeZone(ctx.db, connection.connectedByUserId),
    };
    const stored = await listAiTeamReports(ctx.db, payload);
    const run = newTeamRun(ctx);
    // One role after another: a model is asked one question at a time per account.
    for (const role of builtRoles(rolesOf(workspace.plan))) {
      await computeRole(ctx, account, role, storedRow(stored, role), run);
    }
  },
});

/** The daily schedule: every active account gets its team's work for the day. */
export const refreshAllTeamsJob = defineAiTeamJob({
  name: "ai-team-refresh-all",
  version: 1,
  schema: z.object({}),
  policy: "singleton",
  retryLimit: 1,
  async run(_payload, ctx) {
    for (const connection of await listActiveInstagramConnections(ctx.db)) {
      await ctx.queue.send(refreshAccountTeamJob, {
        workspaceId: connection.workspaceId,
        accountId: connection.instagramId,
      });
    }
  },
});

/** Daily at 05:41 UTC, after the night's syncs (every six hours from 00:17). */
export const REFRESH_ALL_TEAMS_CRON = "41 5 * * *";

export const aiTeamJobs = [refreshAllTeamsJob, refreshAccountTeamJob] as const;
export type { AiTeamContext };
