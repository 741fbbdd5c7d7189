import { z } from "zod";
import { defineInstagramJob } from "../../instagram/index.ts";
import { publishIfClaimable } from "../publish-service.ts";

/**
 * Publishes one post when it is due (sent with a delay when the post is scheduled, at once for
 * Publish now, and by the sweeper for anything missed). The job may run twice or race another
 * worker: the claim inside decides, so a post still goes out once. The pipeline retries what
 * the spec says to retry; the queue does not retry on top of it.
 */
export const publishPostJob = defineInstagramJob({
  name: "publishing-publish-post",
  version: 1,
  schema: z.object({ postId: z.uuid() }),
  retryLimit: 0,
  // Mostly waiting on Instagram: ten batch loops of up to ten posts each per process.
  concurrency: 10,
  // A scheduled post is a delayed job: look for due ones every second, not every 30 s.
  dueCheckSeconds: 1,
  expireInSeconds: 15 * 60,
  async run(payload, ctx) {
    const outcome = await publishIfClaimable(ctx, payload.postId);
    ctx.logger.info({ postId: payload.postId, outcome }, "publish job finished");
  },
});
