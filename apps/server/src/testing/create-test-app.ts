import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, type TestDatabase } from "@sightline/db/testing";
import type { createApp } from "../app.ts";
import { buildServer } from "../build-server.ts";
import type { Services } from "../deps.ts";
import { readEnv } from "../env.ts";
import type { AiTeamContext } from "../features/ai-team/index.ts";
import type { AutomationLimits, AutomationsContext } from "../features/automations/index.ts";
import type { CompetitorsContext } from "../features/competitors/index.ts";
import type { InstagramContext } from "../features/instagram/index.ts";
import type { MentionsContext } from "../features/mentions/index.ts";
import type {
  OutgoingWebhooksContext,
  RetryPolicy,
  WebhookFetchOptions,
} from "../features/outgoing-webhooks/index.ts";
import type { RadarsContext } from "../features/radars/index.ts";
import type { ReportsContext } from "../features/reports/index.ts";
import { createLogger } from "../lib/logger.ts";
import type { SafeFetchOptions } from "../lib/safe-fetch.ts";
import type { Clock } from "../platform/clock.ts";
import type { EventBus } from "../platform/event-bus.ts";
import type { AppJobQueue } from "../platform/job-queue.ts";
import type { Lifecycle } from "../platform/lifecycle.ts";
import { createDevMailbox, type Mailer } from "../platform/mail/mailer.ts";
import type { Storage } from "../platform/storage.ts";
import type { EncryptionKey, TokenVault } from "../platform/token-vault.ts";

export const TEST_PUBLIC_URL = "http://localhost:3000";

export interface TestApp extends Services {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  events: EventBus;
  instagramContext: InstagramContext;
  radarsContext: RadarsContext;
  /** Competitors (tests run its daily read themselves). */
  competitorsContext: CompetitorsContext;
  /** The AI team's roles and jobs (tests run its job themselves). */
  aiTeamContext: AiTeamContext;
  /** Automations' rules and send queue (tests drain it themselves when they move the clock). */
  automationsContext: AutomationsContext;
  /** Outgoing webhooks (tests drain the deliveries themselves when they move the clock). */
  outgoingWebhooksContext: OutgoingWebhooksContext;
  /** Mentions and tags (tests run the tags read themselves). */
  mentionsContext: MentionsContext;
  /** Client reports (tests run the sending pass themselves). */
  reportsContext: ReportsContext;
  vault: TokenVault;
  encryptionKeys: EncryptionKey[];
  /** The app's one job queue (tests register jobs of their own on it, or stop it). */
  queue: AppJobQueue;
  /** Shutdown begun or not (`beginShutdown()` plays SIGTERM for /api/ready). */
  lifecycle: Lifecycle;
  logger: ReturnType<typeof createLogger>;
  /** The local storage folder (unless the test gave a storage of its own). */
  storageRoot: string;
  close: () => Promise<void>;
}

/**
 * The app's database stops answering while the rest of the app runs (health and readiness tests).
 * On PostgreSQL only the app's own pool ends. TestDatabase.close() would also drop the copy WITH
 * (FORCE) in the background, and that can end pg-boss's LISTEN connection just as queue.stop()
 * has taken its error listener off to close it: pg then throws the unheard FATAL 57P01 as an
 * uncaught exception, which fails the run (CI of 4874b58). The run's global teardown drops the copy.
 */
export async function cutOffDatabase(testApp: TestApp): Promise<void> {
  const { database } = testApp;
  await (database.pool ? database.pool.end() : database.close());
}

/**
 * The real app on a fresh database of the engine under test (one per test file), with the
 * dev mailbox as its mailer so tests read the e-mails it sends.
 */
export async function createTestApp(
  options: {
    webDistDir?: string;
    env?: Record<string, string>;
    rateLimits?: { signIn?: number; signUp?: number; recovery?: number };
    /** The app's one clock (platform/clock.ts), handed to every feature by buildServer. */
    now?: Clock;
    /** Wraps the dev mailbox, e.g. to make sending slow. */
    wrapMailer?: (mailer: Mailer) => Mailer;
    /** Capture the app's log (JSON lines) at this level instead of discarding it. */
    log?: { level: string; write: (line: string) => void };
    /** Stands in for DNS and the network under safeFetch (Meta's CDN, say). */
    outboundFetch?: Pick<SafeFetchOptions, "lookup" | "transport">;
    /** Stands in for DNS and the network under Press Radar's feed fetches. */
    feedFetch?: Pick<SafeFetchOptions, "lookup" | "transport" | "allowPrivateAddressesForTests">;
    feedTimeoutMs?: number;
    /** The sandbox's 24-hour publishing quota (default 100, as Meta's docs say). */
    sandboxQuotaTotal?: number;
    /** Pins the sandbox's clock too (give the same clock as `now`): a test on a chosen date. */
    sandboxClock?: () => number;
    /** Every user consents into this one copy of the demo accounts (two people, one account). */
    sandboxSharedCopy?: string;
    /** A storage of the test's own (an S3 one, say) instead of a temp folder. */
    storage?: Storage;
    /** A database made by the caller (a synced snapshot's copy, say); closed by close(). */
    database?: TestDatabase;
    /** The token vault's keys (default: one random key). */
    encryptionKeys?: EncryptionKey[];
    /** Automations' pace (default: the configuration's). */
    automationLimits?: AutomationLimits;
    /** Stands in for DNS and the network under outgoing webhooks' deliveries. */
    webhookFetch?: WebhookFetchOptions;
    webhookRetry?: RetryPolicy;
    /** The public API's requests per token and window (default PUBLIC_API_RATE_LIMIT). */
    publicApiRateLimit?: { max: number; windowSeconds: number };
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const storageRoot = mkdtempSync(path.join(tmpdir(), "sightline-storage-"));
  const env = readEnv({
    NODE_ENV: "test",
    DATA_DIR: "./.data-test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: TEST_PUBLIC_URL,
    // Better Auth's scrypt at 1/32 of its work (auth/test-password-hash.ts) when the test keeps
    // NODE_ENV=test; a test of the production hash passes AUTH_PASSWORD_COST: "standard".
    ...(options.env?.NODE_ENV && options.env.NODE_ENV !== "test"
      ? {}
      : { AUTH_PASSWORD_COST: "test" }),
    ...options.env,
  });
  const logger = options.log
    ? createLogger(options.log.level, false, { write: options.log.write })
    : createLogger("silent", false);
  const secret = "test-secret-test-secret-test-secret-0123456789";
  const devMailbox = createDevMailbox({ db: database.db, logger, print: false });
  const server = await buildServer(env, {
    database,
    logger,
    secret,
    version: "0.0.0-test",
    mailer: options.wrapMailer ? options.wrapMailer(devMailbox) : devMailbox,
    ...(options.now ? { now: options.now } : {}),
    rateLimits: options.rateLimits ?? { signIn: 1000, signUp: 1000, recovery: 1000 },
    sandboxOptions: {
      tickIntervalMs: false,
      stateFile: false,
      ...(options.sandboxQuotaTotal ? { quotaTotal: options.sandboxQuotaTotal } : {}),
      ...(options.sandboxSharedCopy ? { sharedCopy: options.sandboxSharedCopy } : {}),
      ...(options.sandboxClock
        ? {
            clock: (
              (clock) => () =>
                new Date(clock())
            )(options.sandboxClock),
          }
        : {}),
    },
    storageRoot,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.outboundFetch ? { outboundFetch: options.outboundFetch } : {}),
    encryptionKeys: options.encryptionKeys ?? [{ id: "test", key: randomBytes(32) }],
    schedules: false,
    ...(options.feedFetch ? { feedFetch: options.feedFetch } : {}),
    ...(options.feedTimeoutMs ? { feedTimeoutMs: options.feedTimeoutMs } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.automationLimits ? { automationLimits: options.automationLimits } : {}),
    ...(options.webhookFetch ? { webhookFetch: options.webhookFetch } : {}),
    ...(options.webhookRetry ? { webhookRetry: options.webhookRetry } : {}),
    ...(options.publicApiRateLimit ? { publicApiRateLimit: options.publicApiRateLimit } : {}),
  });
  const {
    app,
    services,
    events,
    instagramContext,
    radarsContext,
    competitorsContext,
    aiTeamContext,
    automationsContext,
    outgoingWebhooksContext,
    mentionsContext,
    reportsContext,
    vault,
    encryptionKeys,
    queue,
    lifecycle,
  } = server;
  // E-mail goes out after the response (platform/background-tasks.ts): reading the dev mailbox
  // first waits for what is still being sent, as a person opening it a moment later would see.
  const request = app.request.bind(app);
  app.request = (async (...args: Parameters<typeof request>) => {
    if (String(args[0]).includes("/dev/mailbox")) await services.tasks?.drain();
    return request(...args);
  }) as typeof app.request;
  return {
    ...services,
    app,
    database,
    events,
    instagramContext,
    radarsContext,
    competitorsContext,
    aiTeamContext,
    automationsContext,
    outgoingWebhooksContext,
    mentionsContext,
    reportsContext,
    vault,
    encryptionKeys,
    queue,
    lifecycle,
    logger,
    storageRoot,
    close: async () => {
      await server.stop();
      // The app has stopped: its database may serve this process's next test (decision 020).
      await (database.release ? database.release() : database.close());
      rmSync(storageRoot, { recursive: true, force: true });
    },
  };
}
