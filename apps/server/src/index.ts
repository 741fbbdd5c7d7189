import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createDb, type Database, DataDirLockedError, ensureAppSetting } from "@sightline/db";
import { buildServer } from "./build-server.ts";
import { EnvError, readEnv } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { loadSecrets } from "./lib/secrets.ts";
import { appVersion } from "./lib/version.ts";
import { JOB_QUEUE_STOP_GRACE_MS } from "./platform/job-queue.ts";
import type { Tracing } from "./platform/tracing.ts";

/** After SIGTERM's delay: how long in-flight requests have before their sockets are closed. */
const SHUTDOWN_GRACE_MS = 8_000;
/** The whole stop after the delay: the requests' grace, the job queue's, and 2 s for the rest. */
const SHUTDOWN_LIMIT_MS = SHUTDOWN_GRACE_MS + JOB_QUEUE_STOP_GRACE_MS + 2_000;

function fail(message: string): never {
  console.error(`\nSightline could not start.\n${message}\n`);
  process.exit(1);
}

let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (error) {
  if (error instanceof EnvError) fail(error.message);
  throw error;
}

const logger = createLogger(env.logLevel);
const started = performance.now();

// Before the database and the app exist, so their first query and request are traced; loaded
// only when asked for (decision 031): without OTEL_EXPORTER_OTLP_ENDPOINT nothing of the SDK loads.
let tracing: Tracing | undefined;
if (env.otel) {
  // The address without any credentials it may carry.
  const collector = `${new URL(env.otel.tracesUrl).origin}${new URL(env.otel.tracesUrl).pathname}`;
  try {
    const { startTracing } = await import("./platform/tracing.ts");
    tracing = await startTracing({
      ...env.otel,
      version: appVersion,
      warn: (message) => logger.warn(message),
    });
    logger.info({ collector }, "tracing on");
  } catch (error) {
    // Observability never keeps the product down: it runs untraced, and says so.
    logger.error({ err: error, collector }, "tracing could not start; running without it");
  }
}

let database: Database;
try {
  database = env.databaseUrl
    ? await createDb({ databaseUrl: env.databaseUrl })
    : await createDb({ dataDir: env.dataDir });
} catch (error) {
  if (error instanceof DataDirLockedError) fail(error.message);
  const where = env.databaseUrl ? "DATABASE_URL" : `the embedded database in ${env.dataDir}`;
  fail(`Could not open ${where}: ${(error as Error).message}`);
}

const installationId = await ensureAppSetting(database.db, "installation_id", randomUUID());

const { authSecret } = loadSecrets(env);
if (env.sandboxInProduction) {
  logger.warn(
    "SANDBOX_IN_PRODUCTION=true: no Meta app is configured and the Instagram sandbox serves made-up demo data. Never use this for real customers.",
  );
  console.warn(
    "\n  WARNING: running in production with the Instagram SANDBOX (SANDBOX_IN_PRODUCTION=true).\n  Every Instagram account, post and number is made up. Demo deployments only.\n",
  );
}

const { app, services, stop, lifecycle } = await buildServer(env, {
  database,
  logger,
  secret: authSecret,
  version: appVersion,
  webDistDir: fileURLToPath(new URL("../../web/dist", import.meta.url)),
  ...(tracing ? { traceRoute: tracing.traceRoute } : {}),
});

const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  logger.info(
    {
      port: info.port,
      db: database.kind,
      installationId,
      mail: services.mailer.kind,
      instagram: services.instagram.mode,
      ...(services.sandboxLink?.kind === "shared"
        ? { sharedSandbox: services.sandboxLink.origin }
        : {}),
      startupMs: Math.round(performance.now() - started),
    },
    "server started",
  );
  console.info(`\n  Sightline is running at ${env.publicUrl}\n`);
  if (services.sandboxLink?.kind === "shared") {
    console.info(`  Instagram sandbox (shared): ${services.sandboxLink.origin}/sandbox/\n`);
  }
  if (services.sandboxLink && env.nodeEnv === "development") {
    // The sandbox's control routes need this token; only whoever reads this console has it.
    console.info(`  Instagram sandbox control token: ${services.sandboxLink.controlToken}\n`);
  }
});

server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE") {
    void database
      .close()
      .finally(() =>
        fail(
          `Port ${env.port} is already in use. Stop the other program or set PORT to a free port.`,
        ),
      );
    return;
  }
  logger.fatal({ err: error }, "server error");
  process.exit(1);
});

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  // From now on /api/ready answers 503: a load balancer probing it stops sending requests here.
  lifecycle.beginShutdown();
  logger.info({ signal, delayMs: env.shutdownDelayMs }, "shutting down");
  // Whatever happens below, the process is gone within SHUTDOWN_LIMIT_MS of the delay's end:
  // the requests' grace, then the job queue's (running jobs finish, or go back to the queue for
  // another instance), then a little for the database.
  setTimeout(() => process.exit(1), env.shutdownDelayMs + SHUTDOWN_LIMIT_MS).unref();
  if (env.shutdownDelayMs > 0) {
    // Still serving, ready at 503, for as long as the load balancer takes to notice.
    await new Promise((resolve) => setTimeout(resolve, env.shutdownDelayMs));
  }
  const force = setTimeout(() => {
    logger.warn("in-flight requests did not finish in time; closing anyway");
    if ("closeAllConnections" in server) server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets; open realtime
  // streams end with a retry hint (their browsers reconnect to another instance).
  lifecycle.stopAccepting();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
  clearTimeout(force);
  // The queue, then the event bus, then the services; the database last.
  await stop();
  await database.close();
  // The last spans (the shutdown's own queries) go out before the process does.
  if (tracing) {
    await Promise.race([
      tracing.shutdown().catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
    ]);
  }
  logger.info("stopped");
  logger.flush?.();
  process.exit(0);
}

process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
