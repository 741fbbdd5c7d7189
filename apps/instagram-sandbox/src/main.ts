import { RunnerConfigError, readRunnerConfig, startRunner } from "./runner.ts";

/**
 * Standalone runner: `npm run sandbox` at the repository root (state in ./.data/shared-sandbox),
 * or `npm start -w @sightline/instagram-sandbox`. Environment (runner.ts says what each does):
 * PORT (4010), HOST (127.0.0.1), PUBLIC_ORIGIN, SANDBOX_DATA_DIR, SANDBOX_SECRET, SIGHTLINE_URL,
 * SANDBOX_CONTROL_TOKEN, META_APP_ID, META_APP_SECRET, INSTAGRAM_APP_ID, INSTAGRAM_APP_SECRET,
 * WEBHOOK_URL, WEBHOOK_VERIFY_TOKEN, SANDBOX_SEED, SANDBOX_STATE_FILE, SANDBOX_ACTIVITY,
 * SANDBOX_QUOTA_TOTAL, SANDBOX_REQUIRE_APPSECRET_PROOF, REDIRECT_URIS.
 */
let config: ReturnType<typeof readRunnerConfig>;
try {
  config = readRunnerConfig(process.env);
} catch (error) {
  if (!(error instanceof RunnerConfigError)) throw error;
  console.error(`Invalid configuration:\n  - ${error.message}`);
  process.exit(1);
}

const running = await startRunner(config, {
  logger: {
    info: (fields, message) => console.info(message, fields),
    warn: (fields, message) => console.warn(message, fields),
    error: (fields, message) => console.error(message, fields),
  },
}).catch((error: NodeJS.ErrnoException) => {
  if (error.code !== "EADDRINUSE") throw error;
  console.error(`Port ${config.port} is already in use. Stop the other program or set PORT.`);
  process.exit(1);
});

console.info(
  `Instagram sandbox on ${config.options.publicOrigin}/sandbox/ (listening on ${running.url})`,
);
console.info(`State in ${config.dataDir}`);
if (config.sightlineOrigin) {
  console.info(
    `Shared by the Sightline instances behind ${config.sightlineOrigin}: start each with INSTAGRAM_SANDBOX_URL=${config.options.publicOrigin} and the same SANDBOX_SECRET.`,
  );
}
// As the server does: a demo deployment's logs never carry the token.
if (process.env.NODE_ENV !== "production") {
  console.info(`Control token (x-sandbox-control-token): ${running.sandbox.controlToken}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void running.close().finally(() => process.exit(0));
  });
}
