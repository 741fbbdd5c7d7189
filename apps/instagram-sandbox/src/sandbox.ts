import { createHash, createHmac, randomBytes } from "node:crypto";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
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
  type SimulateMentionInput,
  type SimulateMessageInput,
  type SimulateStoryInput,
} from "./http/control-routes.ts";
import { renderIndexPage } from "./http/index-page.ts";
import { registerOAuthRoutes } from "./http/oauth-routes.ts";
import { registerRuploadRoutes } from "./http/rupload-routes.ts";
import { liveComment, liveMessage, runActivity, scheduleActivity } from "./live/activity.ts";
import { FaultRegistry, faultSpecSchema } from "./live/faults.ts";
import { liveMention } from "./live/mention-activity.ts";
import { liveStory, runStoryExpiries } from "./live/stories.ts";
import { UsageTracker } from "./live/usage.ts";
import { WebhookDispatcher } from "./live/webhooks.ts";
import { type SandboxLogger, silentLogger } from "./logger.ts";
import { registerPressFeedRoutes } from "./press/sample-feeds.ts";
import { type DynamicState, freshDynamicState } from "./state/dynamic-state.ts";
import { loadState, saveState } from "./state/persistence.ts";
import { Store } from "./state/store.ts";
import { loadOrGenerateWorld, worldCacheFile } from "./state/world-cache.ts";

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
  /** Used for webhook deliveries and the signed requests of `POST /_control/signed-request`. */
  fetch?: FetchLike;
  /**
   * Downloads a media URL a caller gave (`image_url`, `video_url`, `cover_url`, rupload
   * `file_url`). The host decides what may be fetched (Sightline: its own signed storage, else its
   * safe-fetch helper, which checks every redirect hop) and answers a refusal with a non-2xx
   * response or an error. The sandbox never follows a redirect itself and answers every failure
   * alike. Without it only the sandbox's own sample files (`/sandbox/cdn/samples/…`) are fetched.
   */
  fetchMedia?: FetchLike;
  /**
   * Per-user spaces (decision 015): names the signed-in user of the host for a consent-page
   * request (e.g. from its session cookie). When set, the consent pages act only for that user,
   * in a private copy of the demo world of their own, and a signed-out request gets a sign-in
   * page. Unset (standalone runner, contract tests): one shared world, as before.
   */
  spaceOf?: (request: Request) => Promise<string | undefined> | string | undefined;
  /** Where the consent page sends a signed-out person (with `spaceOf`). Default: `publicOrigin/`. */
  signInUrl?: string;
  /**
   * The only `redirect_uri` values the consent pages accept, compared exactly (the app's own
   * callbacks). Default: any URL on `publicOrigin`.
   */
  redirectUris?: string[];
  /** Folder for each space's state (`<hash>.json`); without it spaces live in memory only. */
  spaceStateDir?: string;
  /** Spaces kept in memory at once when they are persisted (least recently used go). Default 32. */
  maxLoadedSpaces?: number;
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
    signInUrl: z.url().optional(),
    redirectUris: z.array(z.url()).optional(),
    spaceStateDir: z.string().optional(),
    maxLoadedSpaces: z.number().int().positive().default(32),
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
  /**
   * The same as `POST /_control/faults`, synchronously: for in-process tests that must arm a
   * fault at an exact point (between two calls of the code under test).
   */
  addFault(spec: z.input<typeof faultSpecSchema>): { id: string };
  /**
   * A token without OAuth. `space`: whose copy (decision 015); omitted, the space whose owner
   * last gave consent (else the default world), the same rule as control calls naming none.
   */
  issueToken(
    input: Partial<IssueTokenInput> &
      Pick<IssueTokenInput, "username" | "login"> & { space?: string | undefined },
  ): string;
  accounts(space?: string): SandboxAccountInfo[];
  simulateComment(input: SimulateCommentInput & { space?: string }): { id: string } | undefined;
  simulateMessage(input: SimulateMessageInput & { space?: string }): { id: string };
  /** The account posts a story now (decision 039: stories captured before they vanish). */
  simulateStory(input: SimulateStoryInput & { space?: string }): { id: string };
  simulateMention(
    input: SimulateMentionInput & { space?: string },
  ): { media_id: string; comment_id?: string } | undefined;
  summary(space?: string): unknown;
  /** The space whose owner last gave consent on a consent page (undefined: none yet). */
  readonly currentSpace: string | undefined;
  /**
   * Drops a user's private copy (decision 015): from memory and from its file. The next consent
   * of that user starts a fresh copy. Used when the Sightline account is deleted.
   */
  forgetSpace(space: string): void;
  /** Whether a user's private copy exists, in memory or saved. */
  hasSpace(space: string): boolean;
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

/** A space is named by the host's user id: a short, plain token (it goes into tokens and file names). */
const spacePattern = /^[A-Za-z0-9_.:-]{1,128}$/;
/** What a control call sends in `x-sandbox-space` to name the shared default world. */
export const DEFAULT_SPACE_NAME = "default";

export function isValidSpace(space: string): boolean {
  return spacePattern.test(space) && space !== DEFAULT_SPACE_NAME;
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
    privateRepliesPerHour: 750,
    sendsPerSecond: 100,
  };
  const metaCallbackBaseUrl = (
    parsed.metaCallbackBaseUrl ??
    (parsed.webhookUrl ? `${new URL(parsed.webhookUrl).origin}/api/meta` : undefined)
  )?.replace(/\/+$/, "");
  const seed = parsed.seed;
  const stateFile = parsed.stateFile;
  const spaceStateDir = parsed.spaceStateDir;

  function spaceFile(space: string): string | undefined {
    if (!spaceStateDir) return undefined;
    return join(
      spaceStateDir,
      `${createHash("sha256").update(space).digest("hex").slice(0, 32)}.json`,
    );
  }

  function initialState(file: string | undefined): DynamicState {
    if (file) {
      const loaded = loadState(file, logger);
      if (loaded && loaded.seed === seed)
        return pruned(loaded, clock().getTime() + (loaded.clockOffsetMs ?? 0));
      if (loaded)
        logger.warn(
          { stateFile: file, fileSeed: loaded.seed, seed },
          "sandbox state file was made with another seed; starting fresh",
        );
    }
    return freshDynamicState(seed, startOfUtcDay(clock().getTime()));
  }

  function buildStore(dyn: DynamicState, space: string | undefined, file: string | undefined) {
    // The shared world is built at every start: read back from its cache beside the state file
    // when that holds the same generator, seed and day. A user's copy is built on first use.
    const world =
      space === undefined
        ? loadOrGenerateWorld({
            file: file && worldCacheFile(file),
            seed,
            anchorDay: dyn.anchorDay,
            logger,
          }).world
        : generateWorld(seed, dyn.anchorDay, space);
    const store = new Store(world, dyn);
    store.onMutate = () => {
      if (file) saveState(file, store.dyn);
    };
    return store;
  }

  let traceCounter = 0;
  let duplicateCounter = 0;
  let activityLevel: ActivityLevel = parsed.activity;
  let app: Hono;
  /** The space whose owner last gave consent: control calls and JS calls naming none act there. */
  let currentSpace: string | undefined;
  const spaces = new Map<string, SandboxCore>();

  async function fetchUrl(url: string, maxBytes: number): Promise<FetchResult> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { ok: false };
    }
    let response: Response;
    try {
      // The sandbox's own sample files (a publisher's host) are answered in-process; anything
      // else only through the host's media fetch, which decides what may be reached.
      if (
        target.origin === options.publicOrigin &&
        target.pathname.startsWith("/sandbox/cdn/samples/")
      ) {
        response = await app.fetch(new Request(target.href));
      } else if (input.fetchMedia) {
        response = await input.fetchMedia(target.href, {
          signal: AbortSignal.timeout(15_000),
          redirect: "manual",
        });
      } else {
        return { ok: false };
      }
    } catch {
      return { ok: false };
    }
    // A redirect is never followed here: the host's fetch follows (and checks) them itself.
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false };
    }
    const { bytes, tooLarge } = await readLimited(response, maxBytes);
    return {
      ok: true,
      status: response.status,
      bytes,
      contentType: response.headers.get("content-type") ?? undefined,
      tooLarge,
    };
  }

  const faults = new FaultRegistry();
  const usage = new UsageTracker();
  const traceId = () => {
    traceCounter += 1;
    // fbtrace ids look like "A6LJylpZRKw": 11 base64 characters.
    return shortcode(createRng(seed, "trace", traceCounter));
  };
  /** One clock for every space: the default world's offset (moved by `POST /_control/clock`). */
  const now = () => clock().getTime() + core.store.dyn.clockOffsetMs;
  const webhooks = new WebhookDispatcher({
    url: options.webhookUrl,
    verifyToken: options.webhookVerifyToken,
    secrets: { instagram: options.instagramAppSecret, facebook: options.appSecret },
    fetch: fetchImpl,
    logger,
    now,
    challenge: () => createRng(seed, "challenge", traceCounter++).digits(10),
    duplicate: () =>
      createRng(seed, "duplicate", duplicateCounter++).float(0, 1) < parsed.webhookDuplicateRate,
  });

  function makeCore(space: string | undefined, store: Store): SandboxCore {
    const made: SandboxCore = {
      options,
      logger,
      space,
      inSpace: (other) => coreFor(other),
      store,
      activity: activityLevel,
      now,
      newId: (prefix, length = 17) =>
        numericId(
          space === undefined
            ? runtimeRng(seed, made.store.nextCounter())
            : createRng(seed, "runtime-id", "space", space, made.store.nextCounter()),
          prefix,
          length,
        ),
      issueToken: (claims) =>
        signToken(
          options.appSecret,
          { ...claims, ...(space !== undefined ? { space } : {}) },
          String(made.store.nextCounter()),
        ),
      fetchUrl,
      webhooks,
      faults,
      usage,
      traceId,
      sandboxUrl: (path) => `${options.publicOrigin}/sandbox${path}`,
    };
    return made;
  }

  const core: SandboxCore = makeCore(
    undefined,
    buildStore(initialState(stateFile), undefined, stateFile),
  );
  if (core.activity !== "off") scheduleActivity(core, core.activity, core.now());

  /**
   * The core of a space, loaded (or created) on first use. With a state folder only the most
   * recently used spaces stay in memory; the others are read back from their files when needed.
   */
  function coreFor(space: string | undefined): SandboxCore {
    if (space === undefined) return core;
    if (!isValidSpace(space)) throw new Error("Invalid sandbox space");
    const loaded = spaces.get(space);
    if (loaded) {
      spaces.delete(space);
      spaces.set(space, loaded);
      return loaded;
    }
    const file = spaceFile(space);
    const made = makeCore(space, buildStore(initialState(file), space, file));
    spaces.set(space, made);
    if (activityLevel !== "off") scheduleActivity(made, activityLevel, now());
    if (spaceStateDir && spaces.size > parsed.maxLoadedSpaces) {
      const oldest = spaces.keys().next().value;
      if (oldest !== undefined) spaces.delete(oldest);
    }
    return made;
  }

  /** Control and JS calls that name no space act where the last consent was given. */
  function targetSpace(given: string | undefined): string | undefined {
    if (given === DEFAULT_SPACE_NAME) return undefined;
    return given ?? currentSpace;
  }

  function accountByUsername(target: SandboxCore, username: string) {
    const account = target.store.accountByUsername.get(username.replace(/^@/, ""));
    if (!account) throw new Error(`Unknown sandbox account @${username}`);
    return account;
  }

  function issueToken(
    request: Partial<IssueTokenInput> &
      Pick<IssueTokenInput, "username" | "login"> & { space?: string | undefined },
  ): string {
    const target = coreFor(targetSpace(request.space));
    const account = accountByUsername(target, request.username);
    const kind = request.kind ?? "long";
    const at = target.now();
    const issuedAt = at - (request.issuedAgoSeconds ?? 0) * 1000;
    const defaultLifetime =
      kind === "short" ? SHORT_LIVED_MS : kind === "long" ? LONG_LIVED_MS : undefined;
    const expiresAt =
      request.expiresInSeconds === null
        ? undefined
        : request.expiresInSeconds !== undefined
          ? at + request.expiresInSeconds * 1000
          : defaultLifetime !== undefined
            ? issuedAt + defaultLifetime
            : undefined;
    if (request.login === "instagram") {
      if (kind === "page") throw new Error("Page tokens exist only with Facebook Login");
      return target.issueToken({
        subject: account.igUserId,
        kind: kind === "short" ? "ig_short" : "ig_long",
        scopes: request.scopes ?? [...instagramLoginScopes],
        issuedAt,
        expiresAt,
      });
    }
    return target.issueToken({
      subject: kind === "page" ? account.pageId : account.fbUserId,
      kind: kind === "page" ? "fb_page" : kind === "short" ? "fb_short" : "fb_long",
      scopes: request.scopes ?? [...facebookLoginScopes],
      issuedAt,
      expiresAt,
    });
  }

  function loadedCores(): SandboxCore[] {
    return [core, ...spaces.values()];
  }

  function setActivity(level: ActivityLevel): void {
    activityLevel = level;
    for (const each of loadedCores()) scheduleActivity(each, level, now());
  }

  let ticking: Promise<{ events: number }> | undefined;
  async function tick(): Promise<{ events: number }> {
    if (ticking) return ticking;
    ticking = (async () => {
      let events = 0;
      for (const each of loadedCores()) events += runActivity(each, now());
      for (const each of loadedCores()) runStoryExpiries(each, now());
      webhooks.retryDue();
      await webhooks.idle();
      return { events };
    })();
    try {
      return await ticking;
    } finally {
      ticking = undefined;
    }
  }

  function summary(space?: string) {
    const target = coreFor(targetSpace(space));
    const store = target.store;
    const at = now();
    const containers: Record<string, number> = {};
    for (const container of Object.values(store.dyn.containers)) {
      const code = containerStatus(target, container, at).code;
      containers[code] = (containers[code] ?? 0) + 1;
    }
    return {
      now: new Date(at).toISOString(),
      seed,
      space: target.space ?? DEFAULT_SPACE_NAME,
      anchorDay: new Date(store.dyn.anchorDay).toISOString().slice(0, 10),
      activity: activityLevel,
      quotaTotal: options.quotaTotal,
      accounts: store.accounts.map((account) => ({
        ...accountInfo(account),
        followers: followersAt(account, store.dyn.anchorDay, at),
        media: store.listMedia(account.igUserId, at).length,
        conversations: store.conversationsOf(account.igUserId, at).length,
        subscribedFields: store.dyn.subscriptions[account.igUserId] ?? [],
      })),
      containers,
      publishedViaApi: store.dyn.media.length,
      addedComments: store.dyn.comments.length,
      addedMessages: store.dyn.messages.length,
      mentionReplies: store.dyn.mentionReplies ?? [],
      faults: faults.list(),
      webhooks: { url: options.webhookUrl ?? null, ...webhooks.summary() },
    };
  }

  /** Forgets one space's mutations (its copy starts over from the seed, anchored to today). */
  function resetSpace(space: string): void {
    const file = spaceFile(space);
    if (file) rmSync(file, { force: true });
    spaces.delete(space);
    coreFor(space).store.touch();
  }

  /** Forgets every mutation and fault in every space, and re-anchors the world to today. */
  function reset(): void {
    faults.clear();
    const at = clock().getTime();
    core.store = buildStore(freshDynamicState(seed, startOfUtcDay(at)), undefined, stateFile);
    core.store.touch();
    if (activityLevel !== "off") scheduleActivity(core, activityLevel, core.now());
    spaces.clear();
    currentSpace = undefined;
    if (spaceStateDir) {
      let files: string[] = [];
      try {
        files = readdirSync(spaceStateDir);
      } catch {
        files = [];
      }
      for (const file of files) {
        if (/^[0-9a-f]{32}\.json$/.test(file)) rmSync(join(spaceStateDir, file), { force: true });
      }
    }
  }

  function simulateComment(request: SimulateCommentInput & { space?: string | undefined }) {
    const target = coreFor(targetSpace(request.space));
    const account = accountByUsername(target, request.username);
    const rng = createRng(seed, "simulate", target.store.nextCounter());
    const comment = liveComment(target, rng, account, target.now(), {
      ...(request.text !== undefined ? { text: request.text } : {}),
      ...(request.mediaId !== undefined ? { mediaId: request.mediaId } : {}),
      ...(request.from !== undefined ? { username: request.from } : {}),
    });
    return comment ? { id: comment.id } : undefined;
  }

  function simulateStory(request: SimulateStoryInput & { space?: string | undefined }) {
    const target = coreFor(targetSpace(request.space));
    const account = accountByUsername(target, request.username);
    const rng = createRng(seed, "simulate-story", target.store.nextCounter());
    const at = target.now() - (request.postedMinutesAgo ?? 0) * 60_000;
    return { id: liveStory(target, rng, account, at).id };
  }

  function simulateMessage(request: SimulateMessageInput & { space?: string | undefined }) {
    const target = coreFor(targetSpace(request.space));
    const account = accountByUsername(target, request.username);
    const rng = createRng(seed, "simulate", target.store.nextCounter());
    const message = liveMessage(target, rng, account, target.now(), {
      ...(request.text !== undefined ? { text: request.text } : {}),
      ...(request.from !== undefined ? { username: request.from } : {}),
      ...(request.storyMention ? { storyMention: true } : {}),
      ...(request.replyToStory ? { replyToStory: true } : {}),
    });
    return { id: message.id };
  }

  function simulateMention(request: SimulateMentionInput & { space?: string | undefined }) {
    const target = coreFor(targetSpace(request.space));
    const account = accountByUsername(target, request.username);
    const rng = createRng(seed, "simulate-mention", target.store.nextCounter());
    const mention = liveMention(target, rng, account, target.now(), {
      ...(request.kind !== undefined ? { kind: request.kind } : {}),
      ...(request.from !== undefined ? { author: request.from } : {}),
      ...(request.text !== undefined ? { text: request.text } : {}),
    });
    if (!mention) return undefined;
    return {
      media_id: mention.media.id,
      ...(mention.comment ? { comment_id: mention.comment.id } : {}),
    };
  }

  function forgetSpace(space: string): void {
    if (!isValidSpace(space)) return;
    // A request still holding the dropped copy must not write its file back.
    const dropped = spaces.get(space);
    if (dropped) dropped.store.onMutate = () => {};
    spaces.delete(space);
    if (currentSpace === space) currentSpace = undefined;
    const file = spaceFile(space);
    if (file) rmSync(file, { force: true });
  }

  const control: ControlApi = {
    tick,
    reset: (space) => {
      const target = targetSpace(space);
      // Naming a space resets only that copy; naming none (and no consent yet) resets it all.
      if (space !== undefined && target !== undefined) resetSpace(target);
      else reset();
    },
    setActivity,
    issueToken: (space, request) => {
      const token = issueToken({ ...request, space });
      const target = coreFor(targetSpace(space));
      const account = accountByUsername(target, request.username);
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
    revokeTokens(space, username) {
      const target = coreFor(targetSpace(space));
      const account = accountByUsername(target, username);
      const at = now();
      for (const subject of [account.igUserId, account.fbUserId, account.pageId])
        target.store.dyn.revokedBefore[subject] = at;
      target.store.touch();
    },
    advanceClock(ms) {
      core.store.dyn.clockOffsetMs += ms;
      core.store.touch();
    },
    simulateComment: (space, request) => simulateComment({ ...request, space }),
    simulateMessage: (space, request) => simulateMessage({ ...request, space }),
    simulateStory: (space, request) => simulateStory({ ...request, space }),
    simulateMention: (space, request) => simulateMention({ ...request, space }),
    async sendSignedRequest(space, request) {
      const target = coreFor(targetSpace(space));
      const account = accountByUsername(target, request.username);
      // Which id Meta puts here for IG Login is unconfirmed (§1.5); the sandbox sends the IG_ID.
      const userId = request.login === "instagram" ? account.igUserId : account.fbUserId;
      const payload = Buffer.from(
        JSON.stringify({
          algorithm: "HMAC-SHA256",
          issued_at: Math.floor(now() / 1000),
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
    forceContainer(space, id, status, subcode) {
      const target = coreFor(targetSpace(space));
      const container = target.store.container(id);
      if (!container) return false;
      target.store.putContainer({
        ...container,
        forced: { status, ...(subcode !== undefined ? { subcode } : {}) },
      });
      return true;
    },
    summary: (space) => summary(space),
    forgetSpace: (space) => forgetSpace(space),
    isSpace: (space) => space === DEFAULT_SPACE_NAME || isValidSpace(space),
  };

  const redirectUris = parsed.redirectUris;
  const routes = new Hono();
  routes.all("/graph.instagram.com/*", (c) => handleGraph(core, c, "graph.instagram.com"));
  routes.all("/graph.facebook.com/*", (c) => handleGraph(core, c, "graph.facebook.com"));
  registerOAuthRoutes(routes, core, {
    spaceOf: input.spaceOf,
    signInUrl: parsed.signInUrl ?? `${options.publicOrigin}/`,
    allowsRedirect: (uri) =>
      redirectUris
        ? redirectUris.includes(uri)
        : (() => {
            try {
              return new URL(uri).origin === options.publicOrigin;
            } catch {
              return false;
            }
          })(),
    onConsent: (space) => {
      if (space !== undefined) currentSpace = space;
    },
  });
  registerRuploadRoutes(routes, core);
  registerCdnRoutes(routes, core);
  registerControlRoutes(routes, core, control);
  registerPressFeedRoutes(routes, core);
  routes.get("/", async (c) => {
    if (!input.spaceOf) return c.html(renderIndexPage(core, summary(DEFAULT_SPACE_NAME)));
    // Per-user spaces: only the signed-in person's own copy is shown, and nobody else's.
    const space = await input.spaceOf(c.req.raw);
    return c.html(
      renderIndexPage(
        core,
        space !== undefined && isValidSpace(space) ? summary(space) : undefined,
      ),
    );
  });
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
    setActivity,
    get activity() {
      return activityLevel;
    },
    get currentSpace() {
      return currentSpace;
    },
    forgetSpace,
    hasSpace(space) {
      if (!isValidSpace(space)) return false;
      const file = spaceFile(space);
      return spaces.has(space) || (file !== undefined && existsSync(file));
    },
    tick,
    idle: () => webhooks.idle(),
    issueToken,
    accounts: (space) => coreFor(targetSpace(space)).store.accounts.map(accountInfo),
    simulateComment,
    simulateMessage,
    simulateStory,
    simulateMention,
    addFault: (spec) => ({ id: faults.add(faultSpecSchema.parse(spec)).id }),
    summary,
    reset,
    now: () => new Date(now()),
    async close() {
      if (timer) clearInterval(timer);
      await webhooks.idle();
    },
  };
}
