import type { Database } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import { createSafeFetch } from "../../lib/safe-fetch.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AppJobQueue } from "../../platform/job-queue.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { OutgoingEvents } from "../../platform/outgoing-events.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import type { TokenVault } from "../../platform/token-vault.ts";
import type { InboxArrival } from "../instagram/index.ts";
import type { OutgoingWebhooksContext, WebhookFetchOptions } from "./context.ts";
import { deliverWebhooksJob } from "./deliver.ts";
import { emitWebhookEvents, eventsOfArrivals } from "./emit.ts";
import { PRUNE_DELIVERIES_CRON, pruneWebhookDeliveriesJob } from "./prune-deliveries.job.ts";
import { defaultRetryPolicy, type RetryPolicy } from "./retry-schedule.ts";
import { webhookUrlRule } from "./url-check.ts";

export type { OutgoingWebhooksContext, WebhookFetchOptions } from "./context.ts";
export { deliverWebhooksJob, drainWebhookDeliveries } from "./deliver.ts";
export { pruneWebhookDeliveriesJob } from "./prune-deliveries.job.ts";
export { defaultRetryPolicy, type RetryPolicy } from "./retry-schedule.ts";
export { outgoingWebhookRoutes } from "./routes.ts";
export { signWebhook, verifyWebhookSignature } from "./signing.ts";

const webhookJobs = [deliverWebhooksJob, pruneWebhookDeliveriesJob] as const;

/** The routes' bodies are a URL, a description and a few event names. */
export const WEBHOOK_ENDPOINTS_MAX_BODY_BYTES = 16 * 1024;

/**
 * WEBHOOKS_ALLOW_LOOPBACK (NODE_ENV=test only, env.ts): http, and every host name taken to be
 * this machine, so a browser test's receiver on 127.0.0.1 can be called. Never in production.
 */
export const loopbackWebhookFetchForTests: WebhookFetchOptions = {
  allowHttp: true,
  allowPrivateAddressesForTests: true,
  lookup: async () => [{ address: "127.0.0.1", family: 4 }],
};

/**
 * Outgoing webhooks (issue 35 point 4, decision 034): endpoints a workspace subscribes to
 * events, and the signed deliveries the app's queue sends them. Other features tell it what
 * happened through `events` (platform/outgoing-events.ts), handed to them by the root.
 */
export function createOutgoingWebhooksFeature(options: {
  database: Database;
  logger: Logger;
  now: Clock;
  vault: TokenVault;
  queue: AppJobQueue;
  mailer: Mailer;
  publicUrl: string;
  fetchOptions?: WebhookFetchOptions;
  retry?: RetryPolicy;
  retentionDays?: number;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
}): {
  context: OutgoingWebhooksContext;
  feature: ServerFeature;
  events: OutgoingEvents;
  onInboxArrivals: (arrivals: InboxArrival[]) => Promise<void>;
} {
  const queue = options.queue.handle(webhookJobs);
  const fetchOptions = options.fetchOptions ?? {};
  const context: OutgoingWebhooksContext = {
    db: options.database.db,
    logger: options.logger.child({ feature: "outgoing-webhooks" }),
    now: options.now,
    vault: options.vault,
    queue,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    fetch: createSafeFetch({
      allowUrl: webhookUrlRule(fetchOptions),
      maxRedirects: 0,
      // The log keeps an excerpt; an answer larger than this is a failed delivery.
      maxBytes: 256 * 1024,
      timeoutMs: 10_000,
      ...fetchOptions,
    }),
    fetchOptions,
    retry: options.retry ?? defaultRetryPolicy,
    retentionDays: options.retentionDays ?? 30,
  };
  const events: OutgoingEvents = {
    emit: (workspaceId, event) => emitWebhookEvents(context, workspaceId, [event]),
  };
  return {
    context,
    events,
    onInboxArrivals: async (arrivals) => {
      for (const [workspaceId, batch] of eventsOfArrivals(arrivals)) {
        await emitWebhookEvents(context, workspaceId, batch);
      }
    },
    feature: {
      name: "outgoing-webhooks",
      registerJobs: (appQueue) => appQueue.register(webhookJobs, context),
      start: async () => {
        // Whatever was due when the process stopped goes out now.
        await queue.send(deliverWebhooksJob, {});
        if (options.schedules === false) return;
        await queue.schedule(pruneWebhookDeliveriesJob, PRUNE_DELIVERIES_CRON, {});
      },
      stop: async () => {},
    },
  };
}
