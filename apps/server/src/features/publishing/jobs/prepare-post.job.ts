import { z } from "zod";
import { defineInstagramJob } from "../../instagram/index.ts";
import { prepareIfClaimable } from "../publish-service.ts";

/**
 * Makes a scheduled post's containers a little before its time (issue 27 point 6; sent with the
 * publish job by sendPublishJobs), so the publish at the scheduled time only publishes. Runs at
 * most once per post and preparation: the claim inside decides. A lost job costs only speed:
 * the publish does the whole work itself.
 */
export const preparePostJob = defineInstagramJob({
  name: "publishing-prepare-post",
  version: 1,
  schema: z.object({ postId: z.uuid() }),
  retryLimit: 0,
  // Mostly waiting on Instagram (an image container is one call; a video also sends its bytes).
  concurrency: 4,
  expireInSeconds: 10 * 60,
  async run(payload, ctx): Promise<void> {
    const outcome = await prepareIfClaimable(ctx, payload.postId);
    if (outcome !== "not-claimed") {
      ctx.logger.info({ postId: payload.postId, outcome }, "prepare job finished");
    }
  },
});
