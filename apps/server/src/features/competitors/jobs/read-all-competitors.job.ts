import { listWorkspacesWithCompetitors } from "@sightline/db";
import { z } from "zod";
import { defineCompetitorsJob } from "../context.ts";
import { readWorkspaceCompetitorsJob } from "./read-workspace-competitors.job.ts";

/** The schedule: every workspace that tracks a competitor gets its daily read. */
export const readAllCompetitorsJob = defineCompetitorsJob({
  name: "competitors-read-all",
  version: 1,
  schema: z.object({}),
  policy: "singleton",
  retryLimit: 1,
  async run(_payload, ctx) {
    for (const workspaceId of await listWorkspacesWithCompetitors(ctx.db)) {
      await ctx.queue.send(readWorkspaceCompetitorsJob, { workspaceId });
    }
  },
});

/**
 * Hourly (UTC), but each account is read once per UTC day: the first run of the day reads
 * everything, later runs only what the budget made wait or what failed to connect.
 */
export const READ_ALL_COMPETITORS_CRON = "41 * * * *";
