import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createDb, type Database, DataDirLockedError, ensureAppSetting } from "@sightline/db";
import { buildServer } from "./build-server.ts";
import { EnvError, readEnv } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { loadSecrets } from "./lib/secrets.ts";
import { appVersion } from "./lib/version.ts";

const SHUTDOWN_GRACE_MS = 8_000;

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

const { app, services, stop } = await buildServer(env, {
  database,
  logger,
  secret: authSecret,
  version: appVersion,
  webDistDir: fileURLToPath(new URL("../../web/dist", import.meta.url)),
});

const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
  logger.info(
    {
      port: info.port,
      db: database.kind,
      installationId,
      mail: services.mailer.kind,
      instagram: services.instagram.mode,
      startupMs: Math.round(performance.now() - started),
    },
    "server started",
  );
  console.info(`\n  Sightline is running at ${env.publicUrl}\n`);
  if (services.sandbox && env.nodeEnv === "development") {
    // The sandbox's control routes need this token; only whoever reads this console has it.
    console.info(`  Instagram sandbox control token: ${services.sandbox.controlToken}\n`);
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
  logger.info({ signal }, "shutting down");
  // Whatever happens below, the process is gone within 10 s.
  setTimeout(() => process.exit(1), 9_500).unref();
  const force = setTimeout(() => {
    logger.warn("in-flight requests did not finish in time; closing anyway");
    if ("closeAllConnections" in server) server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
  clearTimeout(force);
  // The queue, then the event bus, then the services; the database last.
  await stop();
  await database.close();
  logger.info("stopped");
  logger.flush?.();
  process.exit(0);
}

process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
