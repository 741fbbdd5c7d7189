import { findScheduledPostById } from "@sightline/db";
import { z } from "zod";
import { defineInstagramJob, type InstagramContext } from "../../instagram/index.ts";
import { LEASE_MS } from "../pipeline.ts";
import { publishIfClaimable } from "../publish-service.ts";

/**
 * Publishes one post when it is due (sent with a delay when the post is scheduled, at once for
 * Publish now, and by the sweeper for anything missed). The job may run twice or race another
 * worker: the claim inside decides, so a post still goes out once. The pipeline retries what
 * the spec says to retry; the queue does not retry on top of it.
 *
 * A claim also sends a look-back (`watch`: the attempt it watches) for when its lease would
 * lapse. Should the process die mid-publish (a crash, a kill, a lost machine), the look-back
 * runs on whichever instance is alive, finds the lease lapsed and takes the post up from its
 * journal, about LEASE_MS after the last renewal, instead of waiting for the next sweep after
 * a two-minute lease (issue 28 point 8). While the attempt is alive it renews its lease, and
 * each look-back only sends the next one, until the post is no longer that attempt's.
 */
export const publishPostJob = defineInstagramJob({
  name: "publishing-publish-post",
  version: 1,
  schema: z.object({ postId: z.uuid(), watch: z.number().int().positive().optional() }),
  retryLimit: 0,
  // Mostly waiting on Instagram: ten batch loops of up to ten posts each per process.
  concurrency: 10,
  // A scheduled post is a delayed job: look for due ones every second, not every 30 s.
  dueCheckSeconds: 1,
  expireInSeconds: 15 * 60,
  async run(payload, ctx): Promise<void> {
    const outcome = await publishIfClaimable(ctx, payload.postId, undefined, {
      onClaimed: (post) => lookBack(ctx, post.id, post.attemptCount, post.leaseUntil),
    });
    if (outcome === "not-claimed" && payload.watch !== undefined) {
      const post = await findScheduledPostById(ctx.db, payload.postId);
      // The watched attempt still holds the post (it renewed its lease): look again later.
      if (post?.status === "publishing" && post.attemptCount === payload.watch) {
        await lookBack(ctx, post.id, post.attemptCount, post.leaseUntil);
      }
      return;
    }
    ctx.logger.info({ postId: payload.postId, outcome }, "publish job finished");
  },
});

/** Sends the look-back at `attempt` for a second after its lease would lapse. */
function lookBack(
  ctx: InstagramContext,
  postId: string,
  attempt: number,
  leaseUntil: Date | null,
): Promise<unknown> {
  const left = (leaseUntil?.getTime() ?? 0) - ctx.now();
  // Bounded by a whole lease: a test's clock far from the machine's cannot make it spin or sleep.
  const seconds = Math.min(Math.max(Math.ceil(left / 1000), 0), LEASE_MS / 1000) + 1;
  return ctx.queue.send(publishPostJob, { postId, watch: attempt }, { startAfterSeconds: seconds });
}
