import { z } from "zod";
import { defineInstagramJob } from "../../instagram/index.ts";
import { postsToRun } from "../publish-service.ts";
import { publishPostJob } from "./publish-post.job.ts";

/** Every minute: a backstop for due posts whose job was lost and for posts left mid-publish. */
export const PUBLISH_SWEEP_CRON = "* * * * *";

export const publishSweepJob = defineInstagramJob({
  name: "publishing-sweep",
  version: 1,
  schema: z.object({}),
  policy: "singleton",
  retryLimit: 0,
  async run(_payload, ctx) {
    for (const postId of await postsToRun(ctx)) {
      await ctx.queue.send(publishPostJob, { postId });
    }
  },
});
