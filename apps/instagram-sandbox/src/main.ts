import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createSandbox } from "./index.ts";

/**
 * Standalone runner: `npm start -w @sightline/instagram-sandbox`.
 * Environment: PORT (4010), PUBLIC_ORIGIN, META_APP_ID, META_APP_SECRET, INSTAGRAM_APP_SECRET, INSTAGRAM_APP_ID,
 * WEBHOOK_URL, WEBHOOK_VERIFY_TOKEN, SANDBOX_SEED, SANDBOX_STATE_FILE, SANDBOX_ACTIVITY,
 * SANDBOX_QUOTA_TOTAL, SANDBOX_REQUIRE_APPSECRET_PROOF, REDIRECT_URIS (comma-separated; default any
 * URL on PUBLIC_ORIGIN).
 * One shared world (no per-user spaces); media are downloaded only from its own sample files.
 */
const port = Number(process.env.PORT ?? 4010);
const env = (name: string) => (process.env[name] === "" ? undefined : process.env[name]);
const activity = env("SANDBOX_ACTIVITY");

const sandbox = createSandbox({
  publicOrigin: env("PUBLIC_ORIGIN") ?? `http://localhost:${port}`,
  appId: env("META_APP_ID") ?? "100000000000001",
  appSecret: env("META_APP_SECRET") ?? "sandbox-app-secret",
  instagramAppSecret: env("INSTAGRAM_APP_SECRET") ?? "sandbox-instagram-app-secret",
  instagramAppId: env("INSTAGRAM_APP_ID") ?? "100000000000002",
  ...(env("WEBHOOK_URL") ? { webhookUrl: env("WEBHOOK_URL")! } : {}),
  ...(env("WEBHOOK_VERIFY_TOKEN") ? { webhookVerifyToken: env("WEBHOOK_VERIFY_TOKEN")! } : {}),
  seed: Number(env("SANDBOX_SEED") ?? 42),
  stateFile: env("SANDBOX_STATE_FILE") ?? ".data/instagram-sandbox.json",
  activity: activity === "low" || activity === "high" ? activity : "off",
  quotaTotal: Number(env("SANDBOX_QUOTA_TOTAL") ?? 100),
  ...(env("REDIRECT_URIS")
    ? {
        redirectUris: env("REDIRECT_URIS")!
          .split(",")
          .map((uri) => uri.trim())
          .filter(Boolean),
      }
    : {}),
  requireAppSecretProof: env("SANDBOX_REQUIRE_APPSECRET_PROOF") === "true",
  logger: {
    info: (fields, message) => console.info(message, fields),
    warn: (fields, message) => console.warn(message, fields),
    error: (fields, message) => console.error(message, fields),
  },
});

// Non-strict routing so `/sandbox/` (with the slash people type) reaches the index page.
const host = new Hono({ strict: false }).route("/sandbox", sandbox.app);
host.get("/", (c) => c.redirect("/sandbox/"));

const server = serve({ fetch: host.fetch, port }, (info) => {
  console.info(`Instagram sandbox on http://localhost:${info.port}/sandbox/`);
  console.info(`Control token (x-sandbox-control-token): ${sandbox.controlToken}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void sandbox.close().finally(() => server.close(() => process.exit(0)));
  });
}
