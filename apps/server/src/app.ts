import { CLIENT_REPORTS_MAX_BODY_BYTES, VIDEO_CHUNK_BYTES } from "@sightline/contracts";
import type { Database } from "@sightline/db";
import { type Context, Hono } from "hono";
import { requestId } from "hono/request-id";
import { CLIENT_IP_HEADER } from "./auth/create-auth.ts";
import { createJwtVerifier } from "./auth/jwt-verifier.ts";
import { createKnownDevices } from "./auth/known-device.ts";
import { deriveSecret, type Services } from "./deps.ts";
import type { Env } from "./env.ts";
import type { DataDeletionDeps } from "./features/account/index.ts";
import { meRoutes, sessionRoutes } from "./features/account/index.ts";
import { type AiTeamContext, aiTeamRoutes } from "./features/ai-team/index.ts";
import { analyticsRoutes, storyAnalyticsRoutes } from "./features/analytics/index.ts";
import {
  configRoutes,
  healthRoutes,
  metricsRoutes,
  type ReadinessCheck,
  readyRoutes,
} from "./features/app-info/index.ts";
import { approvalRoutes, publicReviewLinkRoutes } from "./features/approvals/index.ts";
import { type AutomationsContext, automationRoutes } from "./features/automations/index.ts";
import {
  type BillingDeps,
  billingRoutes,
  cancelWorkspaceSubscription,
  createStripeClient,
  STRIPE_WEBHOOK_MAX_BYTES,
} from "./features/billing/index.ts";
import { type CompetitorsContext, competitorRoutes } from "./features/competitors/index.ts";
import { publishingFunctionRoutes } from "./features/content-tools/index.ts";
import { devMailboxApiRoutes, devMailboxPage } from "./features/dev-mailbox/index.ts";
import { inboxLabelRoutes, inboxRoutes } from "./features/inbox/index.ts";
import {
  connectionRoutes,
  connectLinkRoutes,
  deauthorizeMetaUser,
  type FetchCdnImage,
  functionRoutes,
  type InstagramContext,
  instagramDeletionHooks,
  mediaProxyRoutes,
  metaRoutes,
  publicConnectLinkRoutes,
  sandboxHostRoutes,
  WEBHOOK_MAX_BYTES,
  webhookRoutes,
} from "./features/instagram/index.ts";
import { mcpRoutes } from "./features/mcp/index.ts";
import { type MentionsContext, mentionsRoutes } from "./features/mentions/index.ts";
import { inboxTestRoutes, notificationRoutes } from "./features/notifications/index.ts";
import {
  type OutgoingWebhooksContext,
  outgoingWebhookRoutes,
  WEBHOOK_ENDPOINTS_MAX_BODY_BYTES,
} from "./features/outgoing-webhooks/index.ts";
import { planRoutes, planTestRoutes } from "./features/plans/index.ts";
import { postCommentRoutes } from "./features/post-comments/index.ts";
import { accessTokenRoutes, publicApiRoutes } from "./features/public-api/index.ts";
import { graphFunctionRoutes } from "./features/publishing/index.ts";
import { pressRadarRoutes, type RadarsContext, trendRadarRoutes } from "./features/radars/index.ts";
import { realtimeRoutes } from "./features/realtime/index.ts";
import { type ReportsContext, reportRoutes } from "./features/reports/index.ts";
import { calendarRoutes, scheduledPostRoutes } from "./features/scheduling/index.ts";
import { createDataExportRunner, settingsRoutes } from "./features/settings/index.ts";
import { supportRoutes } from "./features/support/index.ts";
import { MAX_UPLOAD_BYTES, storageFileRoutes, uploadRoutes } from "./features/uploads/index.ts";
import { createWebHandler } from "./features/web-app/index.ts";
import { invitationRoutes, MAX_LOGO_BYTES, workspaceRoutes } from "./features/workspaces/index.ts";
import type { AppEnv } from "./lib/app-types.ts";
import type { Logger } from "./lib/logger.ts";
import { bodyLimits } from "./middleware/body-limit.ts";
import { apiNotFound, handleError } from "./middleware/errors.ts";
import { httpMetrics } from "./middleware/http-metrics.ts";
import { hostCheck, multipartNeedsBoundary } from "./middleware/request-guards.ts";
import { requestLogger } from "./middleware/request-logger.ts";
import { sameOriginOnly } from "./middleware/same-origin.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { sessionMiddleware } from "./middleware/session.ts";
import type { EventBus } from "./platform/event-bus.ts";
import type { AppJobQueue } from "./platform/job-queue.ts";
import type { Lifecycle } from "./platform/lifecycle.ts";
import type { AttemptKind } from "./platform/limits/attempt-limits.ts";
import type { AppMetrics } from "./platform/metrics.ts";
import type { TokenVault } from "./platform/token-vault.ts";
import { SANDBOX_RUPLOAD_MAX_BODY_BYTES } from "./sandbox-mount.ts";

export interface AppDeps extends Services {
  /** Live change events (NOTIFY/LISTEN) for /api/realtime. */
  events: EventBus;
  /** Seals Instagram tokens at rest (AES-256-GCM, key id stored with each ciphertext). */
  vault: TokenVault;
  /** The Instagram feature's runtime (Graph client, job queue, …): features/instagram. */
  instagramContext: InstagramContext;
  /** Trend Radar and Press Radar (feed fetches, hashtag sampling): features/radars. */
  radarsContext: RadarsContext;
  /** Competitors read through Business Discovery: features/competitors. */
  competitorsContext: CompetitorsContext;
  /** The AI team's roles and daily job: features/ai-team. */
  aiTeamContext: AiTeamContext;
  automationsContext: AutomationsContext;
  /** Outgoing webhooks' endpoints and deliveries: features/outgoing-webhooks. */
  outgoingWebhooksContext: OutgoingWebhooksContext;
  /** Mentions and tags of the connected accounts: features/mentions. */
  mentionsContext: MentionsContext;
  /** Client reports and their scheduled sendings: features/reports. */
  reportsContext: ReportsContext;
  /** The app's one job queue: readiness asks whether it runs (decision 031). */
  queue: Pick<AppJobQueue, "check">;
  /** This instance's metrics registry (never prom-client's global one). */
  metrics: AppMetrics;
  /** Shutdown begun: /api/ready answers 503. */
  lifecycle: Lifecycle;
  /** Names the request's trace span after its route pattern; set only when tracing is on. */
  traceRoute?: (method: string, route: string) => void;
  env: Env;
  database: Database;
  logger: Logger;
  version: string;
  secret: string;
  /** Folder of the built web app; omitted in API-only tests. */
  webDistDir?: string;
  /** The public API's requests per token and window (default PUBLIC_API_RATE_LIMIT); tests. */
  publicApiRateLimit?: { max: number; windowSeconds: number };
  /** Reads an image from Instagram's CDN (the media proxy's fetch, features/instagram). */
  fetchCdnImage: FetchCdnImage;
}

/**
 * The client's address for rate limits. Without TRUST_PROXY: the socket's. Behind `hops`
 * trusted proxies: the address the outermost trusted proxy saw, i.e. the `hops`-th entry from
 * the right of X-Forwarded-For (each proxy appends the address it received the request from).
 * Entries further left are whatever the client wrote and are never used. In-process requests
 * (tests) have no socket and fall back to X-Forwarded-For's rightmost entry.
 */
export function clientIpResolver(trustProxy: boolean, hops = 1) {
  return (c: Context<AppEnv>): string => {
    const entries = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
      ?.incoming?.socket?.remoteAddress;
    if (trustProxy && entries.length >= hops) return entries[entries.length - hops]!;
    return socket ?? entries.at(-1) ?? "unknown";
  };
}

/** Auth paths limited per target e-mail address as well as per client address. */
const perEmailAuthPaths: Record<string, AttemptKind> = {
  "/api/auth/sign-in/email": "signInFailure",
  "/api/auth/sign-up/email": "signUp",
  "/api/auth/request-password-reset": "recovery",
  "/api/auth/send-verification-email": "recovery",
};

const tooManyForAddress = {
  code: "TOO_MANY_REQUESTS",
  message:
    "Too many attempts for this e-mail address. Please wait a few minutes and try again, or reset your password.",
};

/** What /api/ready asks, each within its timeout (decision 031). */
function readinessChecks(deps: AppDeps): ReadinessCheck[] {
  return [
    { name: "database", run: (timeoutMs) => deps.database.ping(timeoutMs) },
    { name: "migrations", run: (timeoutMs) => deps.database.checkMigrations(timeoutMs) },
    { name: "storage", run: (_, signal) => deps.storage.checkReady(signal) },
    { name: "queue", run: (timeoutMs) => deps.queue.check(timeoutMs) },
  ];
}

/** Every JSON route, chained so that its type describes the whole API for hono/client. */
function createApiRoutes(deps: AppDeps, clientIp: (c: Context<AppEnv>) => string) {
  const db = deps.database.db;
  const billing: BillingDeps = {
    db,
    stripe: deps.env.stripe
      ? { client: createStripeClient(deps.env.stripe), config: deps.env.stripe }
      : undefined,
    planPrices: deps.env.planPrices,
    publicUrl: deps.env.publicUrl,
    now: deps.now,
    logger: deps.logger,
  };
  const dataDeletion: DataDeletionDeps = {
    db,
    cancelBilling: (workspaceId) => cancelWorkspaceSubscription(billing, workspaceId),
    mailer: deps.mailer,
    storage: deps.storage,
    logger: deps.logger,
    publicUrl: deps.env.publicUrl,
    ...instagramDeletionHooks(deps.instagramContext),
    ...(deps.sandboxLink
      ? { forgetSandboxCopy: (userId: string) => deps.sandboxLink!.forgetSpace(userId) }
      : {}),
  };
  const reviewLinkDeps = {
    db,
    storage: deps.storage,
    events: deps.events,
    now: deps.now,
    instagram: deps.instagramContext,
    signingKey: deriveSecret(deps.secret, "review-links"),
    publicUrl: deps.env.publicUrl,
  };
  return new Hono<AppEnv>()
    .route(
      "/health",
      healthRoutes({
        dbKind: deps.database.kind,
        ping: () => deps.database.ping(),
        version: deps.version,
      }),
    )
    .route(
      "/ready",
      readyRoutes({
        checks: readinessChecks(deps),
        isShuttingDown: () => deps.lifecycle.shuttingDown,
        logger: deps.logger,
      }),
    )
    .route(
      "/config",
      configRoutes({ googleSignIn: Boolean(deps.env.google), devMailbox: deps.env.devMailbox }),
    )
    .route("/me", meRoutes({ db }))
    .route(
      "/workspaces",
      workspaceRoutes({
        db,
        mailer: deps.mailer,
        publicUrl: deps.env.publicUrl,
        now: deps.now,
        logger: deps.logger,
        storage: deps.storage,
      }),
    )
    .route(
      "/workspaces/current/tokens",
      accessTokenRoutes({ db, now: deps.now, logger: deps.logger }),
    )
    .route(
      "/invitations",
      invitationRoutes({
        db,
        mailer: deps.mailer,
        publicUrl: deps.env.publicUrl,
        now: deps.now,
        logger: deps.logger,
      }),
    )
    .route(
      "/realtime",
      realtimeRoutes({
        events: deps.events,
        db,
        now: deps.now,
        metrics: deps.metrics,
        lifecycle: deps.lifecycle,
      }),
    )
    .route("/instagram", connectionRoutes(deps.instagramContext))
    .route("/instagram/connect-links", connectLinkRoutes(deps.instagramContext))
    .route("/connect-links", publicConnectLinkRoutes(deps.instagramContext))
    .route(
      "/inbox",
      inboxRoutes({
        db,
        instagram: deps.instagramContext,
        now: deps.now,
        storage: deps.storage,
        publicUrl: deps.env.publicUrl,
      }),
    )
    .route("/inbox", inboxLabelRoutes({ db }))
    .route("/functions", functionRoutes(deps.instagramContext))
    .route(
      "/functions",
      publishingFunctionRoutes({
        db,
        now: deps.now,
        storage: deps.storage,
        ai: deps.ai,
        publicUrl: deps.env.publicUrl,
        logger: deps.logger,
      }),
    )
    .route(
      "/functions",
      graphFunctionRoutes({ instagram: deps.instagramContext, storage: deps.storage }),
    )
    .route("/uploads", uploadRoutes({ db, storage: deps.storage, now: deps.now }))
    .route(
      "/scheduled-posts",
      scheduledPostRoutes({
        db,
        storage: deps.storage,
        events: deps.events,
        now: deps.now,
        instagram: deps.instagramContext,
      }),
    )
    .route(
      "/content-calendar",
      calendarRoutes({
        db,
        storage: deps.storage,
        events: deps.events,
        now: deps.now,
        instagram: deps.instagramContext,
      }),
    )
    .route("/approvals", approvalRoutes(reviewLinkDeps))
    .route("/review-links", publicReviewLinkRoutes(reviewLinkDeps))
    .route("/notifications", notificationRoutes({ db, now: deps.now }))
    .route("/plan", planRoutes({ db, now: deps.now }))
    .route("/billing", billingRoutes(billing))
    .route("/analytics", analyticsRoutes({ db, now: deps.now, instagram: deps.instagramContext }))
    .route(
      "/analytics",
      storyAnalyticsRoutes({ db, now: deps.now, instagram: deps.instagramContext }),
    )
    .route("/press-radar", pressRadarRoutes(deps.radarsContext))
    .route("/trend-radar", trendRadarRoutes(deps.radarsContext))
    .route("/competitors", competitorRoutes(deps.competitorsContext))
    .route("/mentions", mentionsRoutes(deps.mentionsContext))
    .route("/ai-team", aiTeamRoutes(deps.aiTeamContext))
    .route("/automations", automationRoutes(deps.automationsContext))
    .route("/webhook-endpoints", outgoingWebhookRoutes(deps.outgoingWebhooksContext))
    .route("/reports", reportRoutes(deps.reportsContext))
    .route(
      "/post-comments",
      postCommentRoutes({
        db,
        mailer: deps.mailer,
        events: deps.events,
        now: deps.now,
        logger: deps.logger,
        publicUrl: deps.env.publicUrl,
      }),
    )
    .route(
      "/meta",
      metaRoutes({
        db,
        appSecret: deps.instagram.appSecret,
        publicUrl: deps.env.publicUrl,
        now: deps.now,
        dataDeletion,
        onDeauthorize: (metaUserId) => deauthorizeMetaUser(deps.instagramContext, metaUserId),
      }),
    )
    .route("/session", sessionRoutes({ auth: deps.auth, db }))
    .route(
      "/functions/instagram-media-proxy",
      mediaProxyRoutes({ fetchCdnImage: deps.fetchCdnImage }),
    )
    .route(
      "/settings",
      settingsRoutes({
        db,
        auth: deps.auth,
        exports: createDataExportRunner({
          db,
          logger: deps.logger,
          now: deps.now,
        }),
        dataDeletion,
        googleSignIn: Boolean(deps.env.google),
        now: deps.now,
      }),
    )
    .route(
      "/support",
      supportRoutes({
        db,
        mailer: deps.mailer,
        tasks: deps.tasks,
        attemptLimiter: deps.attemptLimiter,
        supportEmail: deps.env.supportEmail,
        secret: deps.secret,
        clientIp,
        now: deps.now,
      }),
    );
}

/**
 * Better Auth answers the raw session token in some JSON bodies (`token` after sign-in and
 * sign-up, `session.token` from get-session and list-sessions). The session lives in its
 * httpOnly cookie and the access token in the `set-auth-jwt` header: a script that can read a
 * body must not get the cookie's value. Every `token` that is not a JWT (no dots) is removed.
 */
async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) {
    return response;
  }
  const text = await response.text();
  let changed = false;
  const scrub = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(scrub);
    if (value === null || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === "token" && typeof inner === "string" && !inner.includes(".")) {
        changed = true;
        continue;
      }
      out[key] = scrub(inner);
    }
    return out;
  };
  let body = text;
  try {
    const scrubbed = scrub(JSON.parse(text));
    if (changed) body = JSON.stringify(scrubbed);
  } catch {
    // Not JSON after all: passed on as it came.
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(text === "" ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function emailOf(body: ArrayBuffer): string | undefined {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { email?: unknown };
    return typeof parsed.email === "string" && parsed.email.length <= 320
      ? parsed.email.trim().toLowerCase()
      : undefined;
  } catch {
    return undefined;
  }
}

/** The one composition root: middleware order and mounts. */
export function createApp(deps: AppDeps) {
  const clientIp = clientIpResolver(deps.env.trustProxy, deps.env.trustProxyHops);
  const publicOrigin = new URL(deps.env.publicUrl).origin;
  const verifyAccessToken = createJwtVerifier(deps.auth, {
    issuer: publicOrigin,
    audience: publicOrigin,
  });
  const api = createApiRoutes(deps, clientIp);
  const knownDevices = createKnownDevices(deps.secret);

  const app = new Hono<AppEnv>();
  app.use("*", httpMetrics(deps.metrics, deps.traceRoute));
  app.use("*", requestId({ headerName: "X-Request-Id" }));
  app.use("*", requestLogger(deps.logger));
  app.onError(handleError);
  app.use("*", securityHeaders({ publicUrl: deps.env.publicUrl }));
  app.use("*", hostCheck(deps.env.publicUrl, deps.env.allowedHosts));
  app.use(
    "*",
    bodyLimits({
      routes: [
        { prefix: "/api/uploads/", maxBytes: MAX_UPLOAD_BYTES },
        { prefix: "/api/v1/uploads/", maxBytes: MAX_UPLOAD_BYTES },
        // A little over the logo's limit, so the route can say what the limit is.
        { prefix: "/api/workspaces/current/logo", maxBytes: MAX_LOGO_BYTES + 64 * 1024 },
        // Spec §9: one 6MB chunk per call.
        { prefix: "/api/functions/instagram-video-upload", maxBytes: VIDEO_CHUNK_BYTES },
        // Meta batches up to 1,000 updates in one delivery.
        { prefix: "/webhooks/instagram", maxBytes: WEBHOOK_MAX_BYTES },
        { prefix: "/api/billing/webhook", maxBytes: STRIPE_WEBHOOK_MAX_BYTES },
        { prefix: "/api/webhook-endpoints", maxBytes: WEBHOOK_ENDPOINTS_MAX_BODY_BYTES },
        { prefix: "/api/reports", maxBytes: CLIENT_REPORTS_MAX_BODY_BYTES },
        // The sandbox's video upload takes what Meta's does (a whole video per request); it
        // streams the bytes, so this limit costs no memory.
        { prefix: "/sandbox/rupload.facebook.com/", maxBytes: SANDBOX_RUPLOAD_MAX_BODY_BYTES },
      ],
    }),
  );
  app.use("*", multipartNeedsBoundary());

  app.use("/api/*", sameOriginOnly(deps.trustedOrigins));
  // Better Auth sees the client's address for its rate limits; the per-address limits
  // (platform/limits/attempt-limits.ts) are checked here, around it.
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c));
    const kind = c.req.method === "POST" ? perEmailAuthPaths[c.req.path] : undefined;
    if (!kind)
      return withoutSessionTokens(await deps.auth.handler(new Request(c.req.raw, { headers })));
    const body = await c.req.raw.arrayBuffer();
    const forward = async () =>
      withoutSessionTokens(
        await deps.auth.handler(
          new Request(c.req.raw.url, { method: "POST", headers, body, signal: c.req.raw.signal }),
        ),
      );
    const email = emailOf(body);
    if (!email) return forward();
    // A browser that signed in to this account before counts apart from every other client:
    // failures elsewhere cannot lock the owner out (auth/known-device.ts).
    const cookieHeader = c.req.header("cookie");
    const limitKey = knownDevices.isKnown(cookieHeader, email) ? `${email}#known-device` : email;
    if (await deps.attemptLimiter.isLimited(kind, limitKey)) {
      return c.json(tooManyForAddress, 429);
    }
    const response = await forward();
    // Sign-in counts failures only; the others count every accepted request (each sends mail).
    if (kind === "signInFailure" ? response.status === 401 : response.ok) {
      await deps.attemptLimiter.record(kind, limitKey);
    }
    if (kind === "signInFailure" && response.ok) {
      const marked = new Response(response.body, response);
      marked.headers.append(
        "set-cookie",
        knownDevices.cookieAfterSignIn(cookieHeader, email, publicOrigin.startsWith("https:")),
      );
      return marked;
    }
    return response;
  });
  app.get("/.well-known/jwks.json", async (c) => c.json(await deps.auth.api.getJwks()));

  app.use(
    "/api/*",
    sessionMiddleware(deps.auth, verifyAccessToken, { db: deps.database.db, now: deps.now }),
  );
  app.route("/api", api);
  app.route("/webhooks/instagram", webhookRoutes(deps.instagramContext));
  app.route("/storage", storageFileRoutes({ storage: deps.storage, now: deps.now }));
  // The Instagram sandbox plays Meta's hosts under /sandbox/<host>/… (embedded default only:
  // with INSTAGRAM_SANDBOX_URL every instance uses the one shared sandbox, decision 032).
  if (deps.sandbox) {
    app.get("/sandbox/", (c) => c.redirect("/sandbox"));
    app.route("/sandbox", deps.sandbox.app);
  }
  if (deps.sandboxHostToken) {
    app.route(
      "/sandbox-host",
      sandboxHostRoutes({ db: deps.database.db, now: deps.now, hostToken: deps.sandboxHostToken }),
    );
  }
  if (deps.env.devMailbox) {
    app.route("/api/dev/mailbox", devMailboxApiRoutes({ db: deps.database.db }));
    app.route("/dev/mailbox", devMailboxPage({ db: deps.database.db }));
  }
  // Browser tests write inbox rows and set plans through these (never mounted outside
  // NODE_ENV=test).
  if (deps.env.nodeEnv === "test") {
    app.route("/api/test/plan", planTestRoutes({ db: deps.database.db, now: deps.now }));
    app.route(
      "/api/test/inbox",
      inboxTestRoutes({
        db: deps.database.db,
        now: deps.now,
        events: deps.events,
      }),
    );
  }
  // The public API (decision 033): personal access tokens only. The session middleware above
  // is lazy and these routes never ask it, so a session cookie or access token reads nothing here.
  app.route(
    "/api/v1",
    publicApiRoutes({
      db: deps.database.db,
      now: deps.now,
      clientIp,
      storage: deps.storage,
      events: deps.events,
      instagram: deps.instagramContext,
      publicUrl: deps.env.publicUrl,
      radars: deps.radarsContext,
      ...(deps.publicApiRateLimit ? { rateLimit: deps.publicApiRateLimit } : {}),
    }),
  );
  app.all("/api/*", apiNotFound);
  // The MCP server (decision 036): the same tokens, limits and records as /api/v1. Outside /api
  // (where assistants' configurations expect it), so the same-origin rule is applied here.
  app.use("/mcp", sameOriginOnly(deps.trustedOrigins));
  app.route(
    "/mcp",
    mcpRoutes({
      db: deps.database.db,
      now: deps.now,
      clientIp,
      storage: deps.storage,
      events: deps.events,
      instagram: deps.instagramContext,
      publicUrl: deps.env.publicUrl,
      confirmationSecret: deriveSecret(deps.secret, "mcp-confirmations"),
      version: deps.version,
      ...(deps.publicApiRateLimit ? { rateLimit: deps.publicApiRateLimit } : {}),
    }),
  );
  // At the root, beside the web app's pages (registered before their catch-all), not under /api:
  // no session, no same-origin rule, its own token (decision 031).
  app.route(
    "/metrics",
    metricsRoutes({ token: deps.env.metricsToken, render: () => deps.metrics.render() }),
  );

  if (deps.webDistDir) {
    const serveWeb = createWebHandler(deps.webDistDir, {
      https: publicOrigin.startsWith("https:"),
    });
    // The handler gzips what it serves itself, once per file (web-handler.ts).
    app.on(["GET", "HEAD"], "*", serveWeb);
  }
  app.notFound((c) => c.text("Not found", 404));
  // The sandbox's webhooks and Meta-callback stand-ins reach this app without a network hop.
  deps.loopback.fetch = (request) => Promise.resolve(app.fetch(request));
  return app;
}

/** The API's type for `hc<AppType>("/api")` in the web app. */
export type AppType = ReturnType<typeof createApiRoutes>;
