import type { Database } from "@sightline/db";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./app-types.ts";
import { CLIENT_IP_HEADER } from "./auth/create-auth.ts";
import { createJwtVerifier } from "./auth/jwt-verifier.ts";
import type { Services } from "./deps.ts";
import type { Env } from "./env.ts";
import { inboxTestRoutes, notificationRoutes } from "./features/notifications/index.ts";
import { createDataExportRunner } from "./features/settings/data-export.ts";
import { settingsRoutes } from "./features/settings/routes.ts";
import type { Logger } from "./lib/logger.ts";
import { apiNotFound, handleError } from "./middleware/errors.ts";
import { requestLogger } from "./middleware/request-logger.ts";
import { sameOriginOnly } from "./middleware/same-origin.ts";
import { sessionMiddleware } from "./middleware/session.ts";
import { configRoutes } from "./routes/config.ts";
import { devMailboxApiRoutes, devMailboxPage } from "./routes/dev-mailbox.ts";
import { healthRoutes } from "./routes/health.ts";
import { meRoutes } from "./routes/me.ts";
import { metaRoutes } from "./routes/meta.ts";
import { sessionRoutes } from "./routes/session.ts";
import { supportRoutes } from "./routes/support.ts";
import { createWebHandler } from "./routes/web.ts";
import type { DataDeletionDeps } from "./services/data-deletion.ts";

export interface AppDeps extends Services {
  env: Env;
  database: Database;
  logger: Logger;
  version: string;
  secret: string;
  /** The current time; tests pass a fixed clock (24-hour windows). */
  now: () => Date;
  /** Folder of the built web app; omitted in API-only tests. */
  webDistDir?: string;
}

/**
 * The client's address for rate limits: the socket's, or the first X-Forwarded-For hop when
 * TRUST_PROXY is set. In-process requests (tests) have no socket and use X-Forwarded-For.
 */
function clientIpResolver(trustProxy: boolean) {
  return (c: Context<AppEnv>): string => {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
      ?.incoming?.socket?.remoteAddress;
    if (trustProxy && forwarded) return forwarded;
    return socket ?? forwarded ?? "unknown";
  };
}

/** Every JSON route, chained so that its type describes the whole API for hono/client. */
function createApiRoutes(deps: AppDeps, clientIp: (c: Context<AppEnv>) => string) {
  const db = deps.database.db;
  const dataDeletion: DataDeletionDeps = { db, mailer: deps.mailer, publicUrl: deps.env.publicUrl };
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
      "/config",
      configRoutes({ googleSignIn: Boolean(deps.env.google), devMailbox: deps.env.devMailbox }),
    )
    .route("/me", meRoutes({ db }))
    .route("/notifications", notificationRoutes({ db, now: deps.now }))
    .route(
      "/meta",
      metaRoutes({
        db,
        appSecret: deps.instagram.appSecret,
        publicUrl: deps.env.publicUrl,
        dataDeletion,
      }),
    )
    .route("/session", sessionRoutes({ auth: deps.auth }))
    .route(
      "/settings",
      settingsRoutes({
        db,
        auth: deps.auth,
        exports: createDataExportRunner({ db, logger: deps.logger, now: deps.now }),
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
        supportEmail: deps.env.supportEmail,
        secret: deps.secret,
        clientIp,
      }),
    );
}

/** The one composition root: middleware order and mounts. */
export function createApp(deps: AppDeps) {
  const clientIp = clientIpResolver(deps.env.trustProxy);
  const publicOrigin = new URL(deps.env.publicUrl).origin;
  const verifyAccessToken = createJwtVerifier(deps.auth, {
    issuer: publicOrigin,
    audience: publicOrigin,
  });
  const api = createApiRoutes(deps, clientIp);

  const app = new Hono<AppEnv>();
  app.use("*", requestId({ headerName: "X-Request-Id" }));
  app.use("*", requestLogger(deps.logger));
  app.onError(handleError);

  app.use("/api/*", sameOriginOnly(deps.trustedOrigins));
  // Better Auth sees the client's address for its rate limits.
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c));
    return deps.auth.handler(new Request(c.req.raw, { headers }));
  });
  app.get("/.well-known/jwks.json", async (c) => c.json(await deps.auth.api.getJwks()));

  app.use("/api/*", sessionMiddleware(deps.auth, verifyAccessToken));
  app.route("/api", api);
  // The Instagram sandbox plays Meta's hosts under /sandbox/<host>/… (embedded default only).
  if (deps.sandbox) {
    app.get("/sandbox/", (c) => c.redirect("/sandbox"));
    app.route("/sandbox", deps.sandbox.app);
  }
  if (deps.env.devMailbox) {
    app.route("/api/dev/mailbox", devMailboxApiRoutes({ db: deps.database.db }));
    app.route("/dev/mailbox", devMailboxPage({ db: deps.database.db }));
  }
  // Browser tests write inbox rows through this (never mounted outside NODE_ENV=test).
  if (deps.env.nodeEnv === "test") {
    app.route("/api/test/inbox", inboxTestRoutes({ db: deps.database.db, now: deps.now }));
  }
  app.all("/api/*", apiNotFound);

  if (deps.webDistDir) {
    const serveWeb = createWebHandler(deps.webDistDir);
    app.use("*", compress());
    app.on(["GET", "HEAD"], "*", serveWeb);
  }
  app.notFound((c) => c.text("Not found", 404));
  return app;
}

/** The API's type for `hc<AppType>("/api")` in the web app. */
export type AppType = ReturnType<typeof createApiRoutes>;
