import type { InstagramConnectionRow } from "@sightline/db";
import type { InstagramContext } from "./context.ts";
import { readPostInsightsJob } from "./jobs/read-post-insights.job.ts";
import { POST_FOLLOW_UP_READS, storePublishedMedia } from "./sync/post-insights.ts";

/**
 * Issue 23: a post published from Sightline is stored as soon as `media_publish` answers, with
 * its first insight read queued now and the next ones at 1 h, 24 h and 7 d, like any new post.
 * The post is live whatever happens here: a failure is logged and the next sync catches up.
 */
export async function afterMediaPublished(
  ctx: InstagramContext,
  input: { workspaceId: string; accountId: string; igMediaId: string },
  /** The account's connection as the publish just read it (not read again). */
  connection?: InstagramConnectionRow,
) {
  try {
    if (!(await storePublishedMedia(ctx, input, input.igMediaId, connection))) return;
    await ctx.queue.send(readPostInsightsJob, { ...input, slot: "published" as const });
    for (const { slot, afterSeconds } of POST_FOLLOW_UP_READS) {
      await ctx.queue.send(
        readPostInsightsJob,
        { ...input, slot },
        { startAfterSeconds: afterSeconds },
      );
    }
  } catch (error) {
    ctx.logger.warn(
      { err: error, workspaceId: input.workspaceId, igMediaId: input.igMediaId },
      "the published post is not stored yet: the next sync reads it",
    );
  }
}
