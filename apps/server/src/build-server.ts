import path from "node:path";
import type { Database } from "@sightline/db";
import { createApp } from "./app.ts";
import { createServices, deriveSecret, type Services } from "./deps.ts";
import type { Env } from "./env.ts";
import { type AiTeamContext, createAiTeamFeature } from "./features/ai-team/index.ts";
import {
  type AutomationLimits,
  type AutomationsContext,
  createAutomationsFeature,
} from "./features/automations/index.ts";
import { type CompetitorsContext, createCompetitorsFeature } from "./features/competitors/index.ts";
import {
  createCdnImageFetcher,
  createInstagramFeature,
  type InstagramContext,
} from "./features/instagram/index.ts";
import { createMentionsFeature, type MentionsContext } from "./features/mentions/index.ts";
import {
  createOutgoingWebhooksFeature,
  loopbackWebhookFetchForTests,
  type OutgoingWebhooksContext,
  type RetryPolicy,
  type WebhookFetchOptions,
} from "./features/outgoing-webhooks/index.ts";
import { createPublishingFeature, publishingJobs } from "./features/publishing/index.ts";
import { createRadarsFeature, type RadarsContext } from "./features/radars/index.ts";
import { createReportsFeature, type ReportsContext } from "./features/reports/index.ts";
import { createWorkspacesFeature } from "./features/workspaces/index.ts";
import type { Logger } from "./lib/logger.ts";
import type { SafeFetchOptions } from "./lib/safe-fetch.ts";
import { type Clock, systemClock } from "./platform/clock.ts";
import { createEventBus, type EventBus } from "./platform/event-bus.ts";
import { type AppJobQueue, startJobQueue } from "./platform/job-queue.ts";
import { createLifecycle, type Lifecycle } from "./platform/lifecycle.ts";
import { createDevMailbox, createSmtpMailer, type Mailer } from "./platform/mail/mailer.ts";
import { type AppMetrics, createMetrics } from "./platform/metrics.ts";
import { createS3Storage } from "./platform/s3-storage.ts";
import type { ServerFeature } from "./platform/server-feature.ts";
import { createLocalStorage, type Storage } from "./platform/storage.ts";
import {
  createTokenVault,
  type EncryptionKey,
  loadOrCreateEncryptionKeys,
  type TokenVault,
} from "./platform/token-vault.ts";
import { sandboxFeedsOf } from "./sandbox-mount.ts";

type ServicesOptions = Parameters<typeof createServices>[0];

export interface BuildServerOptions
  extends Pick<ServicesOptions, "sandboxOptions" | "rateLimits" | "outboundFetch"> {
  /** The app's one clock (ms); the machine's unless a test hands its own. */
  now?: Clock;
  /** A mailer of the caller's (tests); otherwise SMTP when SMTP_URL is set, else the dev mailbox. */
  mailer?: Mailer;
  /** Where uploads live; DATA_DIR/storage by default (tests pass a folder of their own). */
  storageRoot?: string;
  /** A storage built by the caller (tests); otherwise S3 when S3_BUCKET is set, else the folder. */
  storage?: Storage;
  database: Database;
  logger: Logger;
  /** Signs sessions; secrets of the sandbox app and signed storage URLs are derived from it. */
  secret: string;
  version: string;
  /** Folder of the built web app; omitted in API-only tests. */
  webDistDir?: string;
  /** The token vault's keys; ENCRYPTION_KEYS, else the key file in DATA_DIR. */
  encryptionKeys?: EncryptionKey[];
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
  /** Automations' pace (tests lower it); the configuration's (AUTOMATION_*) otherwise. */
  automationLimits?: AutomationLimits;
  /** The public API's requests per token and window (tests lower it). */
  publicApiRateLimit?: { max: number; windowSeconds: number };
  /** Stands in for DNS and the network under Press Radar's feed fetches (tests). */
  feedFetch?: Pick<SafeFetchOptions, "lookup" | "transport" | "allowPrivateAddressesForTests">;
  feedTimeoutMs?: number;
  /** Stands in for DNS and the network under outgoing webhooks' deliveries (tests). */
  webhookFetch?: WebhookFetchOptions;
  /** Outgoing webhooks' retry schedule and switch-off threshold (default: decision 034's). */
  webhookRetry?: RetryPolicy;
  /** Names each request's trace span after its route (index.ts, when tracing is on). */
  traceRoute?: (method: string, route: string) => void;
}

export interface Server {
  app: ReturnType<typeof createApp>;
  services: Services;
  events: EventBus;
  vault: TokenVault;
  encryptionKeys: EncryptionKey[];
  /** The app's one job queue; each feature registered its jobs on it. */
  queue: AppJobQueue;
  instagramContext: InstagramContext;
  radarsContext: RadarsContext;
  competitorsContext: CompetitorsContext;
  aiTeamContext: AiTeamContext;
  automationsContext: AutomationsContext;
  outgoingWebhooksContext: OutgoingWebhooksContext;
  mentionsContext: MentionsContext;
  reportsContext: ReportsContext;
  features: ServerFeature[];
  /** This instance's metrics (GET /metrics renders them). */
  metrics: AppMetrics;
  /** Shutdown begun or not: from `beginShutdown()` on, /api/ready answers 503. */
  lifecycle: Lifecycle;
  /** Stops the queue, then the event bus, then the services (the database is the caller's). */
  stop: () => Promise<void>;
}

/**
 * The one composition root, used by the process entry (index.ts), the tests
 * (testing/create-test-app.ts) and the benchmarks (through the tests' helper): the platform
 * (clock, mailer, storage, event bus, token vault, job queue) is built once here, the services
 * that need the configuration (deps.ts) on it, each feature is built on them and registers its
 * jobs, then the app mounts every feature's routes.
 */
export async function buildServer(env: Env, options: BuildServerOptions): Promise<Server> {
  const { database, logger } = options;
  // The platform, built once: the clock, metrics, mailer, storage, event bus, token vault and
  // job queue.
  const now: Clock = options.now ?? systemClock;
  // A registry of this instance's own (tests build several servers in one process); process
  // metrics only when someone can read them.
  const metrics = createMetrics({
    processMetrics: Boolean(env.metricsToken),
    version: options.version,
  });
  const lifecycle = createLifecycle();
  const mailer =
    options.mailer ??
    (env.smtpUrl
      ? createSmtpMailer({ url: env.smtpUrl, from: env.mailFrom, logger })
      : createDevMailbox({ db: database.db, logger, print: env.nodeEnv !== "test" }));
  const storageSigning = {
    signingSecret: deriveSecret(options.secret, "storage-signed-urls"),
    publicOrigin: new URL(env.publicUrl).origin,
    now,
  };
  const s3Storage =
    !options.storage && env.s3 ? createS3Storage({ ...env.s3, ...storageSigning }) : undefined;
  const storage =
    options.storage ??
    s3Storage ??
    createLocalStorage({
      root: options.storageRoot ?? path.join(env.dataDir, "storage"),
      ...storageSigning,
    });
  const services = createServices({
    env,
    database,
    logger,
    secret: options.secret,
    mailer,
    storage,
    now,
    metrics,
    ...(options.sandboxOptions ? { sandboxOptions: options.sandboxOptions } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.outboundFetch ? { outboundFetch: options.outboundFetch } : {}),
  });
  const events = await createEventBus({ database, logger, now });
  const encryptionKeys =
    options.encryptionKeys ?? env.encryptionKeys ?? loadOrCreateEncryptionKeys(env.dataDir);
  const vault = createTokenVault(encryptionKeys);
  const queue = await startJobQueue({
    database,
    logger: logger.child({ feature: "instagram" }),
    metrics,
  });
  metrics.setQueueDepthSource((timeoutMs) => queue.depth(timeoutMs));

  // First: the features that see events are handed its port (platform/outgoing-events.ts).
  const outgoingWebhooks = createOutgoingWebhooksFeature({
    database,
    logger,
    now,
    vault,
    queue,
    mailer,
    publicUrl: env.publicUrl,
    ...(options.webhookFetch
      ? { fetchOptions: options.webhookFetch }
      : env.webhooksAllowLoopback
        ? { fetchOptions: loopbackWebhookFetchForTests }
        : {}),
    ...(options.webhookRetry ? { retry: options.webhookRetry } : {}),
    ...(options.schedules === false ? { schedules: false } : {}),
  });
  const instagram = createInstagramFeature({
    services,
    database,
    logger,
    events,
    vault,
    env,
    queue,
    metrics,
    ...(options.schedules === false ? { schedules: false } : {}),
    sharedJobs: publishingJobs,
    outgoing: outgoingWebhooks.events,
  });
  const publishing = createPublishingFeature({
    instagram: instagram.context,
    ...(options.schedules === false ? { schedules: false } : {}),
  });
  const radars = createRadarsFeature({
    database,
    now,
    logger,
    events,
    instagram: instagram.context,
    queue,
    sandboxFeeds: sandboxFeedsOf(services.sandboxLink),
    ...(options.schedules === false ? { schedules: false } : {}),
    ...(options.feedFetch ? { outboundFetch: options.feedFetch } : {}),
    ...(options.feedTimeoutMs ? { feedTimeoutMs: options.feedTimeoutMs } : {}),
  });
  const competitors = createCompetitorsFeature({
    database,
    now,
    logger,
    events,
    instagram: instagram.context,
    queue,
    ...(options.schedules === false ? { schedules: false } : {}),
  });
  const workspaces = createWorkspacesFeature({
    database,
    logger,
    queue,
    now,
    auditRetentionDays: env.auditRetentionDays,
    ...(options.schedules === false ? { schedules: false } : {}),
  });
  const aiTeam = createAiTeamFeature({
    database,
    logger,
    now,
    ai: services.ai,
    instagram: instagram.context,
    queue,
    ...(options.schedules === false ? { schedules: false } : {}),
  });
  const automations = createAutomationsFeature({
    database,
    logger,
    now,
    instagram: instagram.context,
    queue,
    limits: options.automationLimits ?? env.automationLimits,
    mailer,
    publicUrl: env.publicUrl,
  });
  // Meta's CDN (or the sandbox's) read server-side: the media proxy and the reports' PDF.
  const fetchCdnImage = createCdnImageFetcher({
    sandboxCdn: services.sandboxLink,
    now,
    logger,
    outboundFetch: options.outboundFetch,
  });
  const reports = createReportsFeature({
    database,
    logger,
    now,
    mailer,
    storage,
    instagram: instagram.context,
    fetchCdnImage,
    queue,
    publicUrl: env.publicUrl,
    ...(options.schedules === false ? { schedules: false } : {}),
  });
  instagram.context.onInboxArrivals = async (arrivals) => {
    await automations.onArrivals(arrivals);
    await outgoingWebhooks.onInboxArrivals(arrivals);
  };
  const mentions = createMentionsFeature({
    database,
    now,
    logger,
    events,
    instagram: instagram.context,
    queue,
    ...(options.schedules === false ? { schedules: false } : {}),
  });
  instagram.context.onMentions = mentions.onMentions;
  const features = [
    instagram.feature,
    publishing,
    radars.feature,
    workspaces.feature,
    aiTeam.feature,
    automations.feature,
    outgoingWebhooks.feature,
    competitors.feature,
    mentions.feature,
    reports.feature,
  ];
  for (const feature of features) await feature.registerJobs(queue);
  for (const feature of features) await feature.start();

  const app = createApp({
    ...services,
    events,
    vault,
    instagramContext: instagram.context,
    radarsContext: radars.context,
    competitorsContext: competitors.context,
    aiTeamContext: aiTeam.context,
    automationsContext: automations.context,
    outgoingWebhooksContext: outgoingWebhooks.context,
    mentionsContext: mentions.context,
    reportsContext: reports.context,
    queue,
    metrics,
    lifecycle,
    ...(options.traceRoute ? { traceRoute: options.traceRoute } : {}),
    env,
    database,
    logger,
    secret: options.secret,
    version: options.version,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    fetchCdnImage,
    ...(options.publicApiRateLimit ? { publicApiRateLimit: options.publicApiRateLimit } : {}),
  });
  return {
    app,
    services,
    events,
    vault,
    encryptionKeys,
    queue,
    instagramContext: instagram.context,
    radarsContext: radars.context,
    competitorsContext: competitors.context,
    aiTeamContext: aiTeam.context,
    automationsContext: automations.context,
    outgoingWebhooksContext: outgoingWebhooks.context,
    mentionsContext: mentions.context,
    reportsContext: reports.context,
    features,
    metrics,
    lifecycle,
    stop: async () => {
      await queue.stop();
      for (const feature of [...features].reverse()) await feature.stop();
      await events.close();
      await services.close();
      s3Storage?.close();
    },
  };
}
