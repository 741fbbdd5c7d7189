import type { Db } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { SafeFetch, SafeFetchOptions } from "../../lib/safe-fetch.ts";
import type { Clock } from "../../platform/clock.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../platform/job-queue.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { TokenVault } from "../../platform/token-vault.ts";
import type { RetryPolicy } from "./retry-schedule.ts";

/**
 * How webhook URLs are reached: the safe-fetch rules, with DNS and the connection replaceable
 * in tests; `allowPrivateAddressesForTests` (with http) only under NODE_ENV=test
 * (WEBHOOKS_ALLOW_LOOPBACK), so a browser test's receiver on this machine can be called.
 */
export type WebhookFetchOptions = Pick<
  SafeFetchOptions,
  "lookup" | "transport" | "allowHttp" | "allowPrivateAddressesForTests"
>;

/** What the outgoing webhooks' routes and jobs work with (built once by the composition root). */
export interface OutgoingWebhooksContext {
  db: Db;
  logger: Logger;
  now: Clock;
  /** Seals the endpoints' signing secrets at rest (the Instagram tokens' vault). */
  vault: TokenVault;
  queue: JobQueue<OutgoingWebhooksContext>;
  /** The "endpoint switched off" e-mail to the workspace's owners. */
  mailer: Mailer;
  publicUrl: string;
  /** Every delivery goes through this one safe fetch (POST, no redirects followed). */
  fetch: SafeFetch;
  fetchOptions: WebhookFetchOptions;
  retry: RetryPolicy;
  /** Days a settled delivery is kept in the log. */
  retentionDays: number;
}

export function defineWebhooksJob<Payload>(
  definition: JobDefinition<Payload, OutgoingWebhooksContext>,
): JobDefinition<Payload, OutgoingWebhooksContext> {
  return defineJob(definition);
}
