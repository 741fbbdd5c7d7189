import { listUsersWithActivePressSources } from "@sightline/db";
import { z } from "zod";
import { defineRadarsJob } from "../../context.ts";
import { fetchUserFeedsJob } from "./fetch-user-feeds.job.ts";

/** The schedule: every user with a source that is not muted gets a fetch. */
export const fetchAllFeedsJob = defineRadarsJob({
  name: "press-radar-fetch-all",
  version: 1,
  schema: z.object({}),
  policy: "singleton",
  retryLimit: 1,
  async run(_payload, ctx) {
    for (const workspaceId of await listUsersWithActivePressSources(ctx.db)) {
      await ctx.queue.send(fetchUserFeedsJob, { workspaceId, force: false });
    }
  },
});

/** Every 15 minutes (UTC). */
export const FETCH_ALL_FEEDS_CRON = "*/15 * * * *";
