import { createHmac, randomBytes } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { ActivityLevel, FetchResult, ResolvedOptions, SandboxCore } from "./core/context.ts";
import { numericId, runtimeRng, shortcode } from "./core/ids.ts";
import { createRng } from "./core/prng.ts";
import { facebookLoginScopes, instagramLoginScopes } from "./core/scopes.ts";
import { DAY_MS, startOfUtcDay } from "./core/time.ts";
import { readToken, issueToken as signToken } from "./core/tokens.ts";
import { generateWorld } from "./data/generate-world.ts";
import { followersAt } from "./data/stats.ts";
import type { Account } from "./data/types.ts";
import { containerStatus } from "./graph/container-status.ts";
import { handleGraph } from "./graph/dispatch.ts";
import { LONG_LIVED_MS, SHORT_LIVED_MS } from "./graph/oauth-tokens.ts";
import { registerCdnRoutes } from "./http/cdn-routes.ts";
import {
  type ControlApi,
  type IssueTokenInput,
  registerControlRoutes,
  type SimulateCommentInput,
  type SimulateMessageInput,
} from "./http/control-routes.ts";
import { renderIndexPage } from "./http/index-page.ts";
import { registerOAuthRoutes } from "./http/oauth-routes.ts";
import { registerRuploadRoutes } from "./http/rupload-routes.ts";
import { liveComment, liveMessage, runActivity, scheduleActivity } from "./live/activity.ts";
import { FaultRegistry, faultSpecSchema } from "./live/faults.ts";
import { UsageTracker } from "./live/usage.ts";
import { WebhookDispatcher } from "./live/webhooks.ts";
import { type SandboxLogger, silentLogger } from "./logger.ts";
import { registerPressFeedRoutes } from "./press/sample-feeds.ts";
import { type DynamicState, freshDynamicState } from "./state/dynamic-state.ts";
import { loadState, saveState } from "./state/persistence.ts";
import { Store } from "./state/store.ts";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response> | Response;

export type SandboxOptions = {
  /** Origin the host serves the sandbox on, e.g. `http://localhost:3000`; used in URLs it returns. */
  publicOrigin: string;
  /** Meta app id (Facebook Login client_id). */
  appId: string;
  /**
   * The Meta app secret: Facebook Login code and token exchanges, signed requests (§1.5),
   * Facebook-Login webhook signatures; also signs the sandbox's own tokens and codes.
   */
  appSecret: string;
  /**
   * The Instagram app secret, a different value (§12.1): the Instagram Login code exchange,
   * `ig_exchange_token` and Instagram-Login webhook signatures accept only this one.
   */
  instagramAppSecret: string;
  /**
   * The Instagram app id (Instagram Login's client_id): a different value from the Meta app id,
   * and the only one accepted there; the Meta app id is refused with "Invalid platform app".
   */
  instagramAppId: string;
  /** Where webhooks go (the app's `/webhooks/instagram`). Without it no webhooks are sent. */
  webhookUrl?: string;
  /** When set, the sandbox performs Meta's GET verification handshake before delivering. */
  webhookVerifyToken?: string;
  seed?: number;
  clock?: () => Date;
  /** Persist mutations (published posts, replies, …) as JSON; written atomically. */
  stateFile?: string;
  activity?: ActivityLevel;
  /** Used for image_url/video_url downloads and webhook deliveries. */
  fetch?: FetchLike;
  /** Posts per 24 h (§2.6: 100 per the guide, 50 per the references). */
  quotaTotal?: number;
  logger?: SandboxLogger;
  /** How often activity and webhook retries run on their own; false = only via `tick()`. */
  tickIntervalMs?: number | false;
  /** §1.2 code-exchange reply shape; Meta's docs show "wrapped", clients see "flat". */
  igCodeExchangeShape?: "flat" | "wrapped";
  /**
   * The token every `/_control/*` call must send in `x-sandbox-control-token`. Omitted: a random
   * one per process (read it from `sandbox.controlToken`). There is no way to turn the check off.
   */
  controlToken?: string;
  /** Where §1.5 signed requests go: `{base}/deauthorize` and `{base}/data-deletion`. Default: the webhook URL's origin + `/api/meta`. */
  metaCallbackBaseUrl?: string;
  /** Share of webhook deliveries also sent a second time, as Meta sometimes does (§12.10). Default 0.02. */
  webhookDuplicateRate?: number;
  /**
   * Meta's "Require App Secret": Graph calls with a token need `appsecret_proof`. Default off
   * (a proof that is sent is checked either way); also `POST /_control/settings`.
   */
  requireAppSecretProof?: boolean;
};

const optionsSchema = z
  .object({
    publicOrigin: z.url().transform((value) => value.replace(/\/+$/, "")),
    appId: z.string().min(1),
    appSecret: z.string().min(1),
    instagramAppSecret: z.string().min(1),
    instagramAppId: z.string().min(1),
    webhookUrl: z.url().optional(),
    webhookVerifyToken: z.string().optional(),
    seed: z.number().int().default(42),
    stateFile: z.string().optional(),
    activity: z.enum(["off", "low", "high"]).default("off"),
    quotaTotal: z.number().int().positive().default(100),
    tickIntervalMs: z.union([z.number().int().positive(), z.literal(false)]).default(1000),
    igCodeExchangeShape: z.enum(["flat", "wrapped"]).default("flat"),
    controlToken: z.string().min(16).optional(),
    metaCallbackBaseUrl: z.url().optional(),
    webhookDuplicateRate: z.number().min(0).max(1).default(0.02),
    requireAppSecretProof: z.boolean().default(false),
  })
  .refine((value) => value.instagramAppSecret !== value.appSecret, {
    message: "instagramAppSecret must differ from appSecret, as Meta's two secrets do",
  })
  .refine((value) => value.instagramAppId !== value.appId, {
    message: "instagramAppId must differ from appId, as Meta's two app ids do",
  });

export type SandboxAccountInfo = {
  username: string;
  name: string;
  accountType: string;
  igUserId: string;
  appScopedId: string;
  pageId: string;
  fbUserId: string;
};

export type Sandbox = {
  /** Routes are relative; mount with `host.route("/sandbox", sandbox.app)`. Also answers `/sandbox/...` itself. */
  app: Hono;
  /** In-process fetch, for tests and server-side calls: `sandbox.fetch("http://x/sandbox/graph.instagram.com/me")`. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  setActivity(level: ActivityLevel): void;
  readonly activity: ActivityLevel;
  /** Runs due activity and webhook retries, and waits for deliveries. */
  tick(): Promise<{ events: number }>;
  /** Waits until in-flight webhook deliveries are done. */
  idle(): Promise<void>;
  issueToken(input: Partial<IssueTokenInput> & Pick<IssueTokenInput, "username" | "login">): string;
  accounts(): SandboxAccountInfo[];
  simulateComment(input: SimulateCommentInput): { id: string } | undefined;
  simulateMessage(input: SimulateMessageInput): { id: string };
  /**
   * The same as `POST /_control/faults`, synchronously: for in-process tests that must arm a
   * fault at an exact point (between two calls of the code under test).
   */
  addFault(spec: z.input<typeof faultSpecSchema>): { id: string };
  summary(): unknown;
  reset(): void;
  now(): Date;
  /** The per-process token `/_control/*` requires (header `x-sandbox-control-token`). */
  readonly controlToken: string;
  close(): Promise<void>;
};

async function readLimited(
  response: Response,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; tooLarge: boolean }> {
  if (!response.body) return { bytes: new Uint8Array(0), tooLarge: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { bytes: new Uint8Array(0), tooLarge: true };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, tooLarge: false };
}

/** What `accounts()` and the control summary tell about an account. */
function accountInfo(account: Account): SandboxAccountInfo {
  return {
    username: account.username,
    name: account.name,
    accountType: account.accountType,
    igUserId: account.igUserId,
    appScopedId: account.appScopedId,
    pageId: account.pageId,
    fbUserId: account.fbUserId,
  };
}

/**
 * Drops state that can no longer matter so a long-running state file stays small: containers
 * older than a week (expired after 24 h; published media keep their own record) and hashtag
 * searches outside the 7-day window.
 */
function pruned(state: DynamicState, now: number): DynamicState {
  const weekAgo = now - 7 * DAY_MS;
  return {
    ...state,
    containers: Object.fromEntries(
      Object.entries(state.containers).filter(([, container]) => container.createdAt >= weekAgo),
    ),
    hashtagSearches: state.hashtagSearches.filter((search) => search.at >= weekAgo),
    usedCodes: Object.fromEntries(
      Object.entries(state.usedCodes).filter(([, expiresAt]) => expiresAt >= now),
    ),
  };
}

export function createSandbox(input: SandboxOptions): Sandbox {
  const parsed = optionsSchema.parse(input);
  const logger = input.logger ?? silentLogger;
  const clock = input.clock ?? (() => new Date());
  const fetchImpl = async (url: string, init?: RequestInit): Promise<Response> =>
    input.fetch ? input.fetch(url, init) : fetch(url, init);
  const options: ResolvedOptions = {
    publicOrigin: parsed.publicOrigin,
    appId: parsed.appId,
    appSecret: parsed.appSecret,
    instagramAppSecret: parsed.instagramAppSecret,
    instagramAppId: parsed.instagramAppId,
    webhookUrl: parsed.webhookUrl,
    webhookVerifyToken: parsed.webhookVerifyToken,
    seed: parsed.seed,
    quotaTotal: parsed.quotaTotal,
    igCodeExchangeShape: parsed.igCodeExchangeShape,
    controlToken: parsed.controlToken ?? randomBytes(24).toString("base64url"),
    requireAppSecretProof: parsed.requireAppSecretProof,
  };
  const metaCallbackBaseUrl = (
    parsed.metaCallbackBaseUrl ??
    (parsed.webhookUrl ? `${new URL(parsed.webhookUrl).origin}/api/meta` : undefined)
  )?.replace(/\/+$/, "");
  const seed = parsed.seed;
  const stateFile = parsed.stateFile;

  function initialState(): DynamicState {
    if (stateFile) {
      const loaded = loadState(stateFile, logger);
      if (loaded && loaded.seed === seed)
        return pruned(loaded, clock().getTime() + loaded.clockOffsetMs);
      if (loaded)
        logger.warn(
          { stateFile, fileSeed: loaded.seed, seed },
          "sandbox state file was made with another seed; starting fresh",
        );
    }
    return freshDynamicState(seed, startOfUtcDay(clock().getTime()));
  }

  function buildStore(dyn: DynamicState): Store {
    const store = new Store(generateWorld(seed, dyn.anchorDay), dyn);
    store.onMutate = () => {
      if (stateFile) saveState(stateFile, store.dyn);
    };
    return store;
  }

  let traceCounter = 0;
  let duplicateCounter = 0;
  let app: Hono;
  const core: SandboxCore = {
    options,
    logger,
    store: buildStore(initialState()),
    activity: parsed.activity,
    now: () => clock().getTime() + core.store.dyn.clockOffsetMs,
    newId: (prefix, length = 17) =>
      numericId(runtimeRng(seed, core.store.nextCounter()), prefix, length),
    issueToken: (claims) => signToken(options.appSecret, claims, String(core.store.nextCounter())),
    async fetchUrl(url, maxBytes): Promise<FetchResult> {
      let response: Response;
      try {
        // URLs on the sandbox itself (its CDN samples) are answered in-process.
        response = url.startsWith(`${options.publicOrigin}/sandbox/`)
          ? await app.fetch(new Request(url))
          : await fetchImpl(url, { signal: AbortSignal.timeout(15_000), redirect: "follow" });
      } catch (error) {
        return {
          ok: false,
          reason: error instanceof Error && error.name === "TimeoutError" ? "timeout" : "network",
        };
      }
      if (!response.ok) return { ok: false, reason: "status", status: response.status };
      const { bytes, tooLarge } = await readLimited(response, maxBytes);
      return {
        ok: true,
        status: response.status,
        bytes,
        contentType: response.headers.get("content-type") ?? undefined,
        tooLarge,
      };
    },
    webhooks: new WebhookDispatcher({
      url: options.webhookUrl,
      verifyToken: options.webhookVerifyToken,
      secrets: { instagram: options.instagramAppSecret, facebook: options.appSecret },
      fetch: fetchImpl,
      logger,
      now: () => core.now(),
      challenge: () => createRng(seed, "challenge", traceCounter++).digits(10),
      duplicate: () =>
        createRng(seed, "duplicate", duplicateCounter++).float(0, 1) < parsed.webhookDuplicateRate,
    }),
    faults: new FaultRegistry(),
    usage: new UsageTracker(),
    traceId: () => {
      traceCounter += 1;
      // fbtrace ids look like "A6LJylpZRKw": 11 base64 characters.
      return shortcode(createRng(seed, "trace", traceCounter));
    },
    sandboxUrl: (path) => `${options.publicOrigin}/sandbox${path}`,
  };
  if (core.activity !== "off") scheduleActivity(core, core.activity, core.now());

  function accountByUsername(username: string) {
    const account = core.store.accountByUsername.get(username.replace(/^@/, ""));
    if (!account) throw new Error(`Unknown sandbox account @${username}`);
    return account;
  }

  function issueToken(
    request: Partial<IssueTokenInput> & Pick<IssueTokenInput, "username" | "login">,
  ): string {
    const account = accountByUsername(request.username);
    const kind = request.kind ?? "long";
    const now = core.now();
    const issuedAt = now - (request.issuedAgoSeconds ?? 0) * 1000;
    const defaultLifetime =
      kind === "short" ? SHORT_LIVED_MS : kind === "long" ? LONG_LIVED_MS : undefined;
    const expiresAt =
      request.expiresInSeconds === null
        ? undefined
        : request.expiresInSeconds !== undefined
          ? now + request.expiresInSeconds * 1000
          : defaultLifetime !== undefined
            ? issuedAt + defaultLifetime
            : undefined;
    if (request.login === "instagram") {
      if (kind === "page") throw new Error("Page tokens exist only with Facebook Login");
      return core.issueToken({
        subject: account.igUserId,
        kind: kind === "short" ? "ig_short" : "ig_long",
        scopes: request.scopes ?? [...instagramLoginScopes],
        issuedAt,
        expiresAt,
      });
    }
    return core.issueToken({
      subject: kind === "page" ? account.pageId : account.fbUserId,
      kind: kind === "page" ? "fb_page" : kind === "short" ? "fb_short" : "fb_long",
      scopes: request.scopes ?? [...facebookLoginScopes],
      issuedAt,
      expiresAt,
    });
  }

  let ticking: Promise<{ events: number }> | undefined;
  async function tick(): Promise<{ events: number }> {
    if (ticking) return ticking;
    ticking = (async () => {
      const events = runActivity(core, core.now());
      core.webhooks.retryDue();
      await core.webhooks.idle();
      return { events };
    })();
    try {
      return await ticking;
    } finally {
      ticking = undefined;
    }
  }

  function summary() {
    const store = core.store;
    const now = core.now();
    const containers: Record<string, number> = {};
    for (const container of Object.values(store.dyn.containers)) {
      const code = containerStatus(core, container, now).code;
      containers[code] = (containers[code] ?? 0) + 1;
    }
    return {
      now: new Date(now).toISOString(),
      seed,
      anchorDay: new Date(store.dyn.anchorDay).toISOString().slice(0, 10),
      activity: core.activity,
      quotaTotal: options.quotaTotal,
      accounts: store.accounts.map((account) => ({
        ...accountInfo(account),
        followers: followersAt(account, store.dyn.anchorDay, now),
        media: store.listMedia(account.igUserId, now).length,
        conversations: store.conversationsOf(account.igUserId, now).length,
        subscribedFields: store.dyn.subscriptions[account.igUserId] ?? [],
      })),
      containers,
      publishedViaApi: store.dyn.media.length,
      addedComments: store.dyn.comments.length,
      addedMessages: store.dyn.messages.length,
      faults: core.faults.list(),
      webhooks: { url: options.webhookUrl ?? null, ...core.webhooks.summary() },
    };
  }

  function reset(): void {
    core.faults.clear();
    const now = clock().getTime();
    core.store = buildStore(freshDynamicState(seed, startOfUtcDay(now)));
    core.store.touch();
    if (core.activity !== "off") scheduleActivity(core, core.activity, core.now());
  }

  const control: ControlApi = {
    tick,
    reset,
    setActivity: (level) => scheduleActivity(core, level, core.now()),
    issueToken: (request) => {
      const token = issueToken(request);
      const account = accountByUsername(request.username);
      const expiresAt = readToken(options.appSecret, token)?.expiresAt;
      return {
        access_token: token,
        expires_at: expiresAt === undefined ? null : Math.floor(expiresAt / 1000),
        user_id:
          request.login === "instagram"
            ? account.igUserId
            : request.kind === "page"
              ? account.pageId
              : account.fbUserId,
      };
    },
    revokeTokens(username) {
      const account = accountByUsername(username);
      const now = core.now();
      for (const subject of [account.igUserId, account.fbUserId, account.pageId])
        core.store.dyn.revokedBefore[subject] = now;
      core.store.touch();
    },
    advanceClock(ms) {
      core.store.dyn.clockOffsetMs += ms;
      core.store.touch();
    },
    simulateComment(request) {
      const account = accountByUsername(request.username);
      const rng = createRng(seed, "simulate", core.store.nextCounter());
      const comment = liveComment(core, rng, account, core.now(), {
        ...(request.text !== undefined ? { text: request.text } : {}),
        ...(request.mediaId !== undefined ? { mediaId: request.mediaId } : {}),
        ...(request.from !== undefined ? { username: request.from } : {}),
      });
      return comment ? { id: comment.id } : undefined;
    },
    simulateMessage(request) {
      const account = accountByUsername(request.username);
      const rng = createRng(seed, "simulate", core.store.nextCounter());
      const message = liveMessage(core, rng, account, core.now(), {
        ...(request.text !== undefined ? { text: request.text } : {}),
        ...(request.from !== undefined ? { username: request.from } : {}),
      });
      return { id: message.id };
    },
    async sendSignedRequest(request) {
      const account = accountByUsername(request.username);
      // Which id Meta puts here for IG Login is unconfirmed (§1.5); the sandbox sends the IG_ID.
      const userId = request.login === "instagram" ? account.igUserId : account.fbUserId;
      const payload = Buffer.from(
        JSON.stringify({
          algorithm: "HMAC-SHA256",
          issued_at: Math.floor(core.now() / 1000),
          user_id: userId,
        }),
      ).toString("base64url");
      const signature = createHmac("sha256", options.appSecret).update(payload).digest("base64url");
      // Only ever the app's own callback URLs (configured, never caller-given): a control route
      // that fetched any URL would let whoever reaches it probe the private network.
      if (!metaCallbackBaseUrl) throw new Error("No app callback URL configured");
      const response = await fetchImpl(`${metaCallbackBaseUrl}/${request.callback}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ signed_request: `${signature}.${payload}` }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.text() };
    },
    forceContainer(id, status, subcode) {
      const container = core.store.container(id);
      if (!container) return false;
      core.store.putContainer({
        ...container,
        forced: { status, ...(subcode !== undefined ? { subcode } : {}) },
      });
      return true;
    },
    summary,
  };

  const routes = new Hono();
  routes.all("/graph.instagram.com/*", (c) => handleGraph(core, c, "graph.instagram.com"));
  routes.all("/graph.facebook.com/*", (c) => handleGraph(core, c, "graph.facebook.com"));
  registerOAuthRoutes(routes, core);
  registerRuploadRoutes(routes, core);
  registerCdnRoutes(routes, core);
  registerControlRoutes(routes, core, control);
  registerPressFeedRoutes(routes, core);
  routes.get("/", (c) => c.html(renderIndexPage(core, summary())));
  const notFound = (c: { json: (body: unknown, status: 404) => Response }) =>
    c.json(
      { error: { message: "Unknown sandbox path", type: "SandboxException", code: 404 } },
      404,
    );
  routes.notFound(notFound);
  // Mounted at /sandbox by the host, the app also answers `/sandbox/...` when called directly
  // (tests pass `sandbox.app.fetch` with full URLs).
  app = new Hono().route("/sandbox", routes).route("/", routes);
  app.notFound(notFound);

  const timer =
    parsed.tickIntervalMs === false
      ? undefined
      : setInterval(() => {
          tick().catch((error: unknown) =>
            logger.error({ error: String(error) }, "sandbox tick failed"),
          );
        }, parsed.tickIntervalMs);
  timer?.unref();

  return {
    app,
    controlToken: options.controlToken,
    fetch: async (request, init) =>
      app.fetch(
        request instanceof Request && init === undefined ? request : new Request(request, init),
      ),
    setActivity: (level) => scheduleActivity(core, level, core.now()),
    get activity() {
      return core.activity;
    },
    tick,
    idle: () => core.webhooks.idle(),
    issueToken,
    accounts: () => core.store.accounts.map(accountInfo),
    simulateComment: control.simulateComment,
    simulateMessage: control.simulateMessage,
    addFault: (spec) => ({ id: core.faults.add(faultSpecSchema.parse(spec)).id }),
    summary,
    reset,
    now: () => new Date(core.now()),
    async close() {
      if (timer) clearInterval(timer);
      await core.webhooks.idle();
    },
  };
}
