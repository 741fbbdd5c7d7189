import { createHmac } from "node:crypto";
import path from "node:path";
import type { Database } from "@sightline/db";
import {
  createGraphClient,
  type GraphClient,
  type GraphUsage,
  metaBaseUrls,
  sandboxAppCredentials,
  sandboxBaseUrls,
} from "@sightline/instagram-graph";
import type { Sandbox } from "@sightline/instagram-sandbox";
import { parse as parseCookie } from "hono/utils/cookie";
import { type Auth, createAuth } from "./auth/create-auth.ts";
import type { Env } from "./env.ts";
import {
  CONNECT_LINK_COOKIE,
  type InstagramApps,
  sandboxSpaceOfLinkVisitor,
} from "./features/instagram/index.ts";
import type { Logger } from "./lib/logger.ts";
import { createSafeFetch, type SafeFetchOptions } from "./lib/safe-fetch.ts";
import { type AiModel, createAiModel } from "./platform/ai.ts";
import { type BackgroundTasks, createBackgroundTasks } from "./platform/background-tasks.ts";
import type { Clock } from "./platform/clock.ts";
import { type AttemptLimiter, createAttemptLimiter } from "./platform/limits/attempt-limits.ts";
import type { Mailer } from "./platform/mail/mailer.ts";
import type { AppMetrics } from "./platform/metrics.ts";
import type { Storage } from "./platform/storage.ts";
import {
  createSandbox,
  mountedSandboxLink,
  type SandboxLink,
  sharedSandboxLink,
} from "./sandbox-mount.ts";

export interface Services {
  mailer: Mailer;
  /**
   * The apps Sightline talks to Instagram with (a real Meta app, or the sandbox's, secrets derived
   * and stable). Two secrets, as at Meta (contract §12.1): `appSecret` is the Meta app's (Facebook Login,
   * Meta's signed requests, Facebook-Login webhooks); `instagramAppSecret` is the Instagram app's
   * (Instagram Login exchanges and Instagram-Login webhooks). `instagramAppId` is unset when
   * Instagram Login is not configured.
   */
  instagram: InstagramApps;
  /** Meta's Graph API (or the sandbox's stand-in for it), one client for every caller. */
  graph: GraphClient;
  /** How many Graph API requests this process made (benchmarks and logs read it). */
  graphCalls: { count: number };
  /** The latest usage Meta reported per account (X-Business-Use-Case-Usage), for back-off. */
  graphUsage: Map<string, { usage: GraphUsage; at: number }>;
  /**
   * Requests to the app's own public origin (the sandbox's webhooks and Meta callbacks) are
   * answered in process once the app exists: no network hop to ourselves, and tests need none.
   */
  loopback: { fetch: ((request: Request) => Promise<Response>) | undefined };
  /**
   * The Instagram sandbox mounted at /sandbox: no Meta app and no shared sandbox configured (the
   * embedded default). Tests drive it in process; features use `sandboxLink`.
   */
  sandbox: Sandbox | undefined;
  /**
   * The sandbox as features reach it, mounted or shared (`INSTAGRAM_SANDBOX_URL`, decision 032):
   * its origin, control token, requests and copies. Undefined with a Meta app.
   */
  sandboxLink: SandboxLink | undefined;
  /** A shared sandbox's bearer token for `POST /sandbox-host/consent-space` (decision 032). */
  sandboxHostToken: string | undefined;
  /** Uploaded media (local folder in the embedded default), readable through signed URLs. */
  storage: Storage;
  /** The configured language model (`AI_*`), or none: the built-in engines write then. */
  ai: AiModel | undefined;
  /** Stops what the services run in the background (the sandbox's clock). */
  close: () => Promise<void>;
  auth: Auth;
  trustedOrigins: string[];
  /** E-mail and other work run after the response (platform/background-tasks.ts). */
  tasks: BackgroundTasks;
  /** Per target e-mail address limits (platform/limits/attempt-limits.ts). */
  attemptLimiter: AttemptLimiter;
  /** The app's one clock (platform/clock.ts), built by the root; tests inject one. */
  now: Clock;
}

/**
 * The origins whose browser requests the API accepts: the public one (on this machine, localhost
 * and 127.0.0.1 are the same place), plus Vite's :5173 in development only.
 */
export function trustedOriginsFor(env: Pick<Env, "publicUrl" | "nodeEnv">): string[] {
  const publicUrl = new URL(env.publicUrl);
  return [
    ...new Set([
      publicUrl.origin,
      ...(["localhost", "127.0.0.1"].includes(publicUrl.hostname)
        ? ["localhost", "127.0.0.1"].map(
            (host) => `${publicUrl.protocol}//${host}${publicUrl.port ? `:${publicUrl.port}` : ""}`,
          )
        : []),
      // `npm run dev` serves the web app from Vite on :5173, proxying /api here.
      ...(env.nodeEnv === "development" ? ["http://localhost:5173", "http://127.0.0.1:5173"] : []),
    ]),
  ];
}

/**
 * How the Instagram sandbox downloads a media URL it was given (`image_url`, `video_url`,
 * `cover_url`, rupload `file_url`), as Meta would (decision 015): a URL on this server only when
 * it is a signed storage URL (`/storage/…`, answered in process, its signature checked by the
 * storage route); anything else only through the safe-fetch helper (no private, loopback or
 * link-local address on any hop, redirects checked hop by hop). Every refusal or failure is the
 * same bare 502, so the sandbox's answer cannot tell what is behind an address.
 */
export function sandboxMediaFetch(options: {
  publicOrigin: string;
  loopback: Services["loopback"];
  outboundFetch?: Pick<SafeFetchOptions, "lookup" | "transport"> | undefined;
}) {
  const safeFetch = createSafeFetch({
    allowUrl: () => true,
    // Meta fetches http:// media too; what keeps this safe is the address check on every hop.
    allowHttp: true,
    maxRedirects: 3,
    // The sandbox applies Meta's own limits (8 MB images, 300 MB videos) to what comes back.
    maxBytes: 300 * 1024 * 1024,
    timeoutMs: 15_000,
    ...options.outboundFetch,
  });
  const refused = () => new Response(null, { status: 502 });
  return async (url: string, init?: RequestInit): Promise<Response> => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return refused();
    }
    if (target.origin === options.publicOrigin) {
      if (!target.pathname.startsWith("/storage/") || !options.loopback.fetch) return refused();
      const response = await options.loopback.fetch(
        new Request(target.href, {
          method: "GET",
          ...(init?.signal ? { signal: init.signal } : {}),
        }),
      );
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        return refused();
      }
      return response;
    }
    try {
      const result = await safeFetch(target, init?.signal ? { signal: init.signal } : {});
      if (result.status !== 200) return refused();
      const type = result.headers.get("content-type");
      return new Response(result.body as ConstructorParameters<typeof Response>[0], {
        status: 200,
        headers: type ? { "content-type": type } : {},
      });
    } catch {
      return refused();
    }
  };
}

/** A secret for one purpose, derived from the app's secret (stable across restarts). */
export function deriveSecret(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(purpose).digest("hex");
}

/** The Graph API version every call names (Meta supports each for about two years). */
export const GRAPH_API_VERSION = "v23.0";

/**
 * Part of the composition root: builds, on the platform pieces `buildServer` made once (mailer,
 * storage, clock), the services that need the configuration to be put together: Better Auth,
 * the Instagram apps' settings, the sandbox, the Graph client, the AI model, background tasks
 * and the per-address attempt limiter.
 */
export function createServices(options: {
  env: Env;
  database: Database;
  logger: Logger;
  secret: string;
  /** Built once by the composition root (build-server.ts), as are `storage` and `now`. */
  mailer: Mailer;
  /** Tests drive the sandbox themselves: no background ticking, no state file. */
  sandboxOptions?: {
    tickIntervalMs?: number | false;
    stateFile?: string | false;
    /** Posts the sandbox lets an account publish per 24 h (Meta's quota_total). */
    quotaTotal?: number;
    /** The sandbox's clock (tests pinned to a date); the real time otherwise. */
    clock?: () => Date;
    /**
     * Tests only: every signed-in user consents into this one copy of the demo accounts, as two
     * people sharing one real Instagram account do (one copy per user otherwise, decision 015).
     */
    sharedCopy?: string;
  };
  rateLimits?: { signIn?: number; signUp?: number; recovery?: number };
  now: Clock;
  storage: Storage;
  /** Counts Graph API calls and errors (decision 031). */
  metrics: Pick<AppMetrics, "observeGraphCall">;
  /** Stands in for DNS and the network under the sandbox's media downloads (tests only). */
  outboundFetch?: Pick<SafeFetchOptions, "lookup" | "transport">;
}): Services {
  const { env, database, logger } = options;
  const { mailer, storage, now } = options;
  const tasks = createBackgroundTasks(logger);
  const attemptLimiter = createAttemptLimiter({ db: database.db, secret: options.secret, now });
  const publicUrl = new URL(env.publicUrl);
  const trustedOrigins = trustedOriginsFor(env);
  const auth = createAuth({
    db: database.db,
    mailer,
    tasks,
    logger,
    secret: options.secret,
    publicUrl: env.publicUrl,
    trustedOrigins,
    google: env.google,
    rateLimits: options.rateLimits,
    rateLimitsOff: env.authRateLimits === "off",
    cheapPasswordHash: env.authPasswordCost === "test",
  });
  // The sandbox app's ids and secrets: derived from AUTH_SECRET when the sandbox is mounted here
  // (stable across restarts), from SANDBOX_SECRET when every instance shares one (decision 032).
  const sandboxApp = sandboxAppCredentials(env.sharedSandbox?.secret ?? options.secret);
  const instagram: Services["instagram"] = env.meta
    ? {
        mode: "meta",
        appId: env.meta.appId,
        appSecret: env.meta.appSecret,
        instagramAppId: env.meta.instagram?.appId,
        instagramAppSecret: env.meta.instagram?.appSecret,
        webhookVerifyToken: env.meta.webhookVerifyToken,
      }
    : {
        mode: "sandbox",
        appId: sandboxApp.appId,
        appSecret: sandboxApp.appSecret,
        instagramAppId: sandboxApp.instagramAppId,
        instagramAppSecret: sandboxApp.instagramAppSecret,
        webhookVerifyToken: sandboxApp.webhookVerifyToken,
      };
  const loopback: Services["loopback"] = { fetch: undefined };
  const loopbackFetch = (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (loopback.fetch && new URL(request.url).origin === publicUrl.origin) {
      return loopback.fetch(request);
    }
    return fetch(request);
  };
  const sandbox =
    instagram.mode === "sandbox" && !env.sharedSandbox
      ? createSandbox({
          publicOrigin: publicUrl.origin,
          appId: instagram.appId,
          appSecret: instagram.appSecret,
          instagramAppId: instagram.instagramAppId!,
          instagramAppSecret: instagram.instagramAppSecret!,
          webhookUrl: `${publicUrl.origin}/webhooks/instagram`,
          webhookVerifyToken: instagram.webhookVerifyToken,
          fetch: loopbackFetch,
          fetchMedia: sandboxMediaFetch({
            publicOrigin: publicUrl.origin,
            loopback,
            outboundFetch: options.outboundFetch,
          }),
          // Each Sightline user gets a private copy of the demo accounts (decision 015): the
          // consent pages act only for the user signed in here (the session cookie), and only
          // redirect to this app's own callbacks.
          // A connect link's visitor, signed out, gets the link's own copy while the round trip
          // their browser started is pending (a client's "own Meta login").
          spaceOf: async (request: Request) => {
            try {
              const userId = (await auth.api.getSession({ headers: request.headers }))?.user.id;
              const space =
                userId ??
                (await sandboxSpaceOfLinkVisitor(
                  { db: database.db, now },
                  parseCookie(request.headers.get("cookie") ?? "", CONNECT_LINK_COOKIE)[
                    CONNECT_LINK_COOKIE
                  ],
                ));
              return space && (options.sandboxOptions?.sharedCopy ?? space);
            } catch {
              return undefined;
            }
          },
          signInUrl: `${publicUrl.origin}/settings?connect=instagram`,
          redirectUris: [
            `${publicUrl.origin}/auth/instagram/callback`,
            `${publicUrl.origin}/facebook-callback`,
          ],
          tickIntervalMs: options.sandboxOptions?.tickIntervalMs ?? 1000,
          ...(options.sandboxOptions?.quotaTotal
            ? { quotaTotal: options.sandboxOptions.quotaTotal }
            : {}),
          ...(options.sandboxOptions?.clock ? { clock: options.sandboxOptions.clock } : {}),
          ...(env.sandboxControlToken ? { controlToken: env.sandboxControlToken } : {}),
          ...(options.sandboxOptions?.stateFile === false
            ? {}
            : {
                stateFile:
                  options.sandboxOptions?.stateFile ??
                  path.join(env.dataDir, "instagram-sandbox.json"),
                spaceStateDir: path.join(env.dataDir, "instagram-sandbox-spaces"),
              }),
          logger: logger.child({ component: "instagram-sandbox" }),
        })
      : undefined;
  const sandboxLink: SandboxLink | undefined = sandbox
    ? mountedSandboxLink(sandbox, publicUrl.origin)
    : instagram.mode === "sandbox" && env.sharedSandbox
      ? sharedSandboxLink({
          origin: env.sharedSandbox.origin,
          // Derived from SANDBOX_SECRET, as the runner derives it (which refuses
          // SANDBOX_CONTROL_TOKEN beside SANDBOX_SECRET): the two agree in every NODE_ENV.
          controlToken: sandboxApp.controlToken,
        })
      : undefined;
  const graphUsage: Services["graphUsage"] = new Map();
  const graphCalls = { count: 0 };
  const countedFetch = (url: string, init?: RequestInit) => {
    graphCalls.count++;
    return sandbox ? sandbox.fetch(url, init) : fetch(url, init);
  };
  const graph = createGraphClient({
    baseUrls: sandboxLink ? sandboxBaseUrls(sandboxLink.origin) : metaBaseUrls,
    appId: instagram.appId,
    appSecret: instagram.appSecret,
    ...(instagram.instagramAppId ? { instagramAppId: instagram.instagramAppId } : {}),
    // Without an Instagram app only Facebook Login connects; the exchange is never called then.
    instagramAppSecret: instagram.instagramAppSecret ?? instagram.appSecret,
    redirectUri: `${publicUrl.origin}/auth/instagram/callback`,
    version: GRAPH_API_VERSION,
    // A mounted sandbox answers in process (its origin is this server's); a shared one over HTTP.
    fetch: countedFetch,
    onUsage: (usage, info) => {
      const key = info.accountId ?? "app";
      graphUsage.set(key, { usage, at: now() });
    },
    // The package knows nothing of metrics: it reports each attempt, the server counts it.
    onCall: (call) =>
      options.metrics.observeGraphCall({
        method: call.method,
        host: call.host,
        path: call.path,
        error: call.error,
      }),
  });
  return {
    mailer,
    storage,
    ai: createAiModel(env.ai),
    graph,
    graphUsage,
    graphCalls,
    loopback,
    auth,
    trustedOrigins,
    tasks,
    attemptLimiter,
    now,
    instagram,
    sandbox,
    sandboxLink,
    sandboxHostToken:
      instagram.mode === "sandbox" && env.sharedSandbox ? sandboxApp.hostToken : undefined,
    close: async () => {
      await tasks.drain();
      await sandbox?.close();
    },
  };
}
