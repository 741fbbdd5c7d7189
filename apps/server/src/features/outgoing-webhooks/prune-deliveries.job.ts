import { pruneWebhookDeliveries } from "@sightline/db";
import { emptyPayload } from "../../platform/job-queue.ts";
import { defineWebhooksJob } from "./context.ts";

/** Daily, at 03:41 UTC. */
export const PRUNE_DELIVERIES_CRON = "41 3 * * *";

/** Retention of the delivery log: settled deliveries older than `retentionDays` (30) go. */
export const pruneWebhookDeliveriesJob = defineWebhooksJob({
  name: "outgoing-webhooks-prune",
  version: 1,
  schema: emptyPayload,
  policy: "stately",
  key: () => "prune",
  async run(_payload, ctx) {
    const before = new Date(ctx.now() - ctx.retentionDays * 24 * 60 * 60 * 1000);
    const deleted = await pruneWebhookDeliveries(ctx.db, before);
    if (deleted > 0) ctx.logger.info({ deleted, before }, "old webhook deliveries pruned");
  },
});
