import { accountIdPattern } from "@sightline/contracts";
import { findInstagramConnection } from "@sightline/db";
import { z } from "zod";
import { announceConnection, refreshProfileRow } from "../connection-service.ts";
import { defineInstagramJob } from "../context.ts";
import { syncComments, syncConversations } from "../sync/inbox.ts";
import {
  snapshotMediaInsights,
  syncAccountInsights,
  syncAudience,
  syncOnlineFollowers,
} from "../sync/insights.ts";
import { syncMedia } from "../sync/media.ts";
import { type PartRunner, runSync, type SyncPart, SyncPaused, syncParts } from "../sync/run.ts";
import { readStoriesJob } from "./read-stories.job.ts";

export const syncRunners: Record<SyncPart, PartRunner> = {
  profile: async (run) => {
    const row = await findInstagramConnection(
      run.ctx.db,
      run.scope.workspaceId,
      run.scope.accountId,
    );
    if (row) await refreshProfileRow(run.ctx, row);
  },
  media: syncMedia,
  comments: syncComments,
  conversations: syncConversations,
  "account-insights": syncAccountInsights,
  audience: syncAudience,
  "online-followers": syncOnlineFollowers,
  "media-insights": snapshotMediaInsights,
};

/**
 * One account's sync (all parts, or some): on connect, on schedule, and after webhooks that
 * need more than their payload. Keyed per account and parts so racing triggers collapse into one.
 */
export const syncAccountJob = defineInstagramJob({
  name: "instagram-sync-account",
  version: 1,
  schema: z.object({
    workspaceId: z.string().min(1).max(100),
    /** The account (IG_ID); jobs queued before several accounts per workspace have none. */
    accountId: z.string().regex(accountIdPattern).optional(),
    reason: z.enum(["connected", "schedule", "webhook", "manual", "resume"]),
    parts: z.array(z.enum(syncParts)).min(1).optional(),
  }),
  policy: "stately",
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 60 * 60,
  key: (payload) =>
    `${payload.workspaceId}:${payload.accountId ?? ""}:${(payload.parts ?? syncParts).join(",")}`,
  async run(payload, ctx) {
    let result: Awaited<ReturnType<typeof runSync>>;
    try {
      result = await runSync(ctx, {
        workspaceId: payload.workspaceId,
        accountId: payload.accountId,
        parts: payload.parts ?? syncParts,
        runners: syncRunners,
      });
    } catch (error) {
      if (!(error instanceof SyncPaused)) throw error;
      ctx.logger.info({ retryAfterSeconds: error.retryAfterSeconds }, error.message);
      await ctx.queue.send(
        syncAccountJob,
        { ...payload, reason: "resume" as const },
        { startAfterSeconds: error.retryAfterSeconds },
      );
      return;
    }
    if (result.status === "skipped") return;
    if (result.newMessages > 0) {
      await ctx.events.publish(payload.workspaceId, "ig-message", { count: result.newMessages });
    }
    if (result.newComments > 0 && payload.reason !== "connected") {
      await ctx.events.publish(payload.workspaceId, "instagram-comment:created", {
        count: result.newComments,
      });
    }
    if (result.newMessages > 0 || result.newComments > 0) {
      await ctx.events.publish(payload.workspaceId, "notifications:updated");
    }
    await announceConnection(ctx, payload.workspaceId);
    // A new connection's live stories are read at once, not at the next hour (decision 039).
    if (payload.reason === "connected" && payload.accountId) {
      await ctx.queue.send(readStoriesJob, {
        workspaceId: payload.workspaceId,
        accountId: payload.accountId,
      });
    }
  },
});
