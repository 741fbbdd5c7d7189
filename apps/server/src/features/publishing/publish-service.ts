import { claimPost, listPostsToRun } from "@sightline/db";
import type { InstagramContext } from "../instagram/index.ts";
import { LEASE_MS, LeaseLost, type PipelineDeps, runPublishPipeline } from "./pipeline.ts";

/** Tests swap these (a sleep that also moves the sandbox's clock, a crash after a step). */
export type PublishRuntime = Pick<PipelineDeps, "sleep" | "crashAfter">;

export const defaultPublishRuntime: PublishRuntime = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Runs one post if this process can claim it (due and waiting, or abandoned mid-publish by a
 * worker whose lease ran out). The claim is one conditional UPDATE, so of two workers racing
 * for the same post exactly one goes on; the other returns at once.
 */
export async function publishIfClaimable(
  ctx: InstagramContext,
  postId: string,
  runtime: PublishRuntime = ctx.publishRuntime ?? defaultPublishRuntime,
): Promise<"published" | "failed" | "not-claimed" | "lost"> {
  const post = await claimPost(ctx.db, postId, new Date(ctx.now()), LEASE_MS);
  if (!post) return "not-claimed";
  await ctx.events.publish(post.workspaceId, "scheduled-posts:updated", {
    id: post.id,
    status: "publishing",
  });
  let outcome: "published" | "failed";
  try {
    outcome = await runPublishPipeline(
      {
        ctx,
        storage: ctx.storage,
        now: ctx.now,
        sleep: runtime.sleep,
        crashAfter: runtime.crashAfter,
      },
      post,
    );
  } catch (error) {
    if (error instanceof LeaseLost) {
      ctx.logger.warn({ postId }, "a publish attempt lost its lease; another attempt holds it");
      return "lost";
    }
    throw error;
  }
  if (outcome === "published") {
    ctx.metrics.observePublishLateness((ctx.now() - post.scheduledTime.getTime()) / 1000);
  }
  await ctx.events.publish(post.workspaceId, "scheduled-posts:updated", {
    id: post.id,
    status: outcome,
  });
  return outcome;
}

/** The posts due now or abandoned mid-publish (the sweeper's list). */
export async function postsToRun(ctx: InstagramContext, limit = 500) {
  return (await listPostsToRun(ctx.db, new Date(ctx.now()), limit)).map((row) => row.id);
}
