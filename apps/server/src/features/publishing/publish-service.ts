import { randomUUID } from "node:crypto";
import {
  type ClaimedPost,
  claimPost,
  claimPreparation,
  findScheduledPost,
  listPostsToRun,
  renewLease,
  type ScheduledPostRow,
} from "@sightline/db";
import type { InstagramContext } from "../instagram/index.ts";
import {
  LEASE_MS,
  LEASE_RENEW_MS,
  LeaseLost,
  type PipelineDeps,
  preparePost,
  runPublishPipeline,
} from "./pipeline.ts";

/**
 * How long before its scheduled time a post's containers are made (issue 27 point 6): enough for
 * Instagram to process an image (seconds) or a short video, short enough that few posts are
 * edited in between (an edit makes the publish start again) and far inside the containers' 24 h.
 */
export const PREPARE_LEAD_MS = 2 * 60_000;
/** A preparation holds its post this long; past it (its worker died) another may prepare it. */
export const PREPARE_HOLD_MS = 2 * 60_000;
/** A post due sooner than this is not prepared: the publish would overtake the preparation. */
export const PREPARE_MIN_AHEAD_MS = 10_000;

/**
 * Tests swap these (a sleep that also moves the sandbox's clock, a crash after a step, a
 * quicker lease renewal than LEASE_RENEW_MS).
 */
export type PublishRuntime = Pick<PipelineDeps, "sleep" | "crashAfter"> & {
  renewEveryMs?: number;
};

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
  hooks: {
    /** Right after the claim, before any work (the publish job arranges a look-back here). */
    onClaimed?: (post: ScheduledPostRow) => Promise<unknown>;
  } = {},
): Promise<"published" | "failed" | "not-claimed" | "lost"> {
  const post = await claimPost(ctx.db, postId, new Date(ctx.now()), LEASE_MS);
  if (!post) return "not-claimed";
  const stopRenewing = renewWhileRunning(ctx, post, runtime.renewEveryMs ?? LEASE_RENEW_MS);
  try {
    // A safety net: without it the sweeper still finds the post, only later.
    await hooks
      .onClaimed?.(post)
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error, postId }, "could not arrange a look at a claimed post"),
      );
    return await runClaimed(ctx, post, runtime);
  } finally {
    stopRenewing();
  }
}

/**
 * Makes a waiting post's containers ahead of its time if this process can take it for that (due
 * within PREPARE_LEAD_MS, not yet due, not prepared, not held by another preparation). Nothing
 * the user sees changes; whatever goes wrong is left to the publish at the scheduled time.
 */
export async function prepareIfClaimable(
  ctx: InstagramContext,
  postId: string,
  runtime: PublishRuntime = ctx.publishRuntime ?? defaultPublishRuntime,
): Promise<"prepared" | "skipped" | "not-claimed" | "lost"> {
  const token = randomUUID();
  const post = await claimPreparation(ctx.db, postId, {
    now: new Date(ctx.now()),
    leadMs: PREPARE_LEAD_MS,
    holdMs: PREPARE_HOLD_MS,
    token,
  });
  if (!post) return "not-claimed";
  try {
    return await preparePost(
      { ctx, storage: ctx.storage, now: ctx.now, sleep: runtime.sleep },
      post,
      token,
    );
  } catch (error) {
    // Edited or claimed meanwhile: the containers made so far are never used (they expire).
    if (error instanceof LeaseLost) return "lost";
    throw error;
  }
}

/**
 * Renews the claim's lease every LEASE_RENEW_MS until stopped: the lease then lapses only when
 * this process stops (a crash, a kill), LEASE_MS after the last renewal, not while a long step
 * (a video upload, Instagram's processing) runs. A renewal that finds the post held by another
 * attempt stops; the pipeline's next write sees the same and stops with LeaseLost.
 */
function renewWhileRunning(
  ctx: InstagramContext,
  post: ScheduledPostRow,
  everyMs: number,
): () => void {
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    renewLease(ctx.db, post.id, post.attemptCount, new Date(ctx.now() + LEASE_MS))
      .then((held) => {
        if (!held) clearInterval(timer);
      })
      .catch((error: unknown) =>
        ctx.logger.warn({ err: error, postId: post.id }, "could not renew a publish lease"),
      )
      .finally(() => {
        renewing = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

async function runClaimed(
  ctx: InstagramContext,
  post: ClaimedPost,
  runtime: PublishRuntime,
): Promise<"published" | "failed" | "lost"> {
  const postId = post.id;
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
  await tellWebhooks(ctx, post, outcome);
  return outcome;
}

/**
 * Outgoing webhooks (issue 35 point 4): `post.published` or `post.failed`, once per post and
 * attempt (a retried post that fails again is a new event; its publish is one).
 */
async function tellWebhooks(
  ctx: InstagramContext,
  post: ScheduledPostRow,
  outcome: "published" | "failed",
) {
  const row = await findScheduledPost(ctx.db, post.workspaceId, post.id).catch(() => undefined);
  if (outcome === "published") {
    await ctx.outgoing.emit(post.workspaceId, {
      type: "post.published",
      key: post.id,
      data: {
        post_id: post.id,
        account_id: post.accountId,
        ig_media_id: row?.igMediaId ?? null,
        permalink: row?.permalink ?? null,
        published_at: row?.publishedAt?.toISOString() ?? null,
      },
    });
    return;
  }
  await ctx.outgoing.emit(post.workspaceId, {
    type: "post.failed",
    key: `${post.id}:${post.attemptCount}`,
    data: { post_id: post.id, account_id: post.accountId, error: row?.error ?? null },
  });
}

/** The posts due now or abandoned mid-publish (the sweeper's list). */
export async function postsToRun(ctx: InstagramContext, limit = 500) {
  return (await listPostsToRun(ctx.db, new Date(ctx.now()), limit)).map((row) => row.id);
}
