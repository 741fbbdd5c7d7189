import { pruneWebhookEvents } from "@sightline/db";
import { z } from "zod";
import { defineInstagramJob } from "../context.ts";

/** Hourly, at minute 17. */
export const PRUNE_WEBHOOKS_CRON = "17 * * * *";

/**
 * Retention of webhook bodies (they hold DM and comment text): deliveries processed or
 * dead-lettered are deleted once received more than WEBHOOK_RETENTION_DAYS ago (default 7).
 * Deliveries older than two days are refused at the door, so a replayed body cannot come back
 * in once its stored copy is gone.
 */
export const pruneWebhooksJob = defineInstagramJob({
  name: "instagram-prune-webhooks",
  version: 1,
  schema: z.object({}),
  policy: "stately",
  key: () => "prune",
  async run(_payload, ctx) {
    const before = new Date(ctx.now() - ctx.webhookRetentionDays * 24 * 60 * 60 * 1000);
    const deleted = await pruneWebhookEvents(ctx.db, before);
    if (deleted > 0) ctx.logger.info({ deleted, before }, "old webhook bodies pruned");
  },
});
