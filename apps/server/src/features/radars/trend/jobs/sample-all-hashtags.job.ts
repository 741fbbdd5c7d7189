import { listUsersWithTrendHashtags } from "@sightline/db";
import { z } from "zod";
import { defineRadarsJob } from "../../context.ts";
import { sampleUserHashtagsJob } from "./sample-user-hashtags.job.ts";

/** The schedule: every user who tracks a hashtag gets a sampling. */
export const sampleAllHashtagsJob = defineRadarsJob({
  name: "trend-radar-sample-all",
  version: 1,
  schema: z.object({}),
  policy: "singleton",
  retryLimit: 1,
  async run(_payload, ctx) {
    for (const workspaceId of await listUsersWithTrendHashtags(ctx.db)) {
      await ctx.queue.send(sampleUserHashtagsJob, { workspaceId });
    }
  },
});

/** Hourly (UTC): recent media cover about a day, so an hour keeps the windows fresh. */
export const SAMPLE_ALL_HASHTAGS_CRON = "23 * * * *";
