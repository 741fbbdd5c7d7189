import { listActiveInstagramConnections } from "@sightline/db";
import { z } from "zod";
import { defineInstagramJob } from "../context.ts";
import { syncAccountJob } from "./sync-account.job.ts";

/**
 * The schedule: every active connection gets an incremental sync, which also appends the
 * metric snapshots that keep history past Instagram's 90-day window.
 */
export const syncAllJob = defineInstagramJob({
  name: "instagram-sync-all",
  version: 1,
  schema: z.object({}),
  policy: "singleton",
  retryLimit: 1,
  async run(_payload, ctx) {
    for (const connection of await listActiveInstagramConnections(ctx.db)) {
      await ctx.queue.send(syncAccountJob, {
        workspaceId: connection.workspaceId,
        accountId: connection.instagramId,
        reason: "schedule",
      });
    }
  },
});

/** Every six hours (UTC). */
export const SYNC_ALL_CRON = "17 */6 * * *";
