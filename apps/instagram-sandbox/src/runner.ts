import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { sandboxAppCredentials } from "@sightline/instagram-graph";
import { Hono } from "hono";
import type { SandboxLogger } from "./logger.ts";
import { createSandbox, type Sandbox, type SandboxOptions } from "./sandbox.ts";

/**
 * The standalone runner's configuration (`npm run sandbox`, `npm start -w
 * @sightline/instagram-sandbox`), read from its environment. Two ways to run:
 *
 * - **For Sightline** (`SANDBOX_SECRET` set): the one Instagram every Sightline instance talks to
 *   through `INSTAGRAM_SANDBOX_URL` (decision 032). The app's secrets, the webhook verify token,
 *   the control token and the token it asks Sightline with all derive from `SANDBOX_SECRET`, as
 *   each instance derives them from the same value. Webhooks go to `SIGHTLINE_URL`'s
 *   `/webhooks/instagram`, the consent pages redirect only to its two callbacks, media are
 *   downloaded only from its `/storage/…`, and each Sightline user gets a private copy of the demo
 *   world (decision 015), named by asking Sightline whose OAuth round trip the page is part of.
 * - **On its own** (no `SANDBOX_SECRET`): one shared world, the secrets from `META_APP_SECRET` and
 *   friends (or fixed defaults), webhooks only to `WEBHOOK_URL`, media only from its own samples.
 *
 * State lives in `SANDBOX_DATA_DIR` either way (the world, its cache and the users' copies), so
 * it survives restarts.
 */
export type RunnerConfig = {
  port: number;
  /** Interface to listen on (`HOST`, default 127.0.0.1; `0.0.0.0` in a container). */
  host: string;
  /** The Sightline origin this sandbox serves, when run for Sightline. */
  sightlineOrigin: string | undefined;
  /** Folder of the state: `instagram-sandbox.json`, its world cache and `spaces/`. */
  dataDir: string;
  options: Omit<SandboxOptions, "logger" | "spaceOf" | "fetchMedia">;
  /** The bearer token the consent pages send Sightline (for Sightline only). */
  hostToken: string | undefined;
};

export class RunnerConfigError extends Error {
  override name = "RunnerConfigError";
}

const DEFAULT_PORT = 4010;

/** Reads the runner's variables (empty strings count as unset). Throws naming the variable. */
export function readRunnerConfig(
  source: Record<string, string | undefined>,
  cwd = process.cwd(),
): RunnerConfig {
  const env = (name: string) => {
    const value = source[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const port = Number(env("PORT") ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new RunnerConfigError("PORT: must be a whole number between 0 and 65535");
  }
  const origin = (name: string, value: string) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new RunnerConfigError(`${name}: must be an absolute http(s) URL`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new RunnerConfigError(`${name}: must start with http:// or https://`);
    }
    if (url.username || url.password || url.search || (url.pathname !== "/" && url.pathname)) {
      throw new RunnerConfigError(`${name}: must be an origin only (no path, query or user)`);
    }
    return url.origin;
  };
  const publicOrigin = origin(
    "PUBLIC_ORIGIN",
    env("PUBLIC_ORIGIN") ?? `http://localhost:${port === 0 ? DEFAULT_PORT : port}`,
  );
  const secret = env("SANDBOX_SECRET");
  if (secret !== undefined && secret.length < 32) {
    throw new RunnerConfigError(
      "SANDBOX_SECRET: must be at least 32 characters (e.g. `openssl rand -hex 32`), the value every Sightline instance gets",
    );
  }
  if (secret === undefined && env("SIGHTLINE_URL")) {
    throw new RunnerConfigError(
      "SANDBOX_SECRET: is required with SIGHTLINE_URL (the sandbox and every Sightline instance derive the sandbox app's secrets from it)",
    );
  }
  const sightlineOrigin =
    secret === undefined
      ? undefined
      : origin("SIGHTLINE_URL", env("SIGHTLINE_URL") ?? "http://localhost:3000");
  const dataDir = resolve(cwd, env("SANDBOX_DATA_DIR") ?? ".data/shared-sandbox");
  const activity = env("SANDBOX_ACTIVITY") ?? "off";
  if (activity !== "off" && activity !== "low" && activity !== "high") {
    throw new RunnerConfigError("SANDBOX_ACTIVITY: must be off, low or high");
  }
  const redirectUris = env("REDIRECT_URIS")
    ?.split(",")
    .map((uri) => uri.trim())
    .filter(Boolean);
  const wholeNumber = (name: string, fallback: number) => {
    const value = env(name);
    if (value === undefined) return fallback;
    if (!/^\d{1,9}$/.test(value)) {
      throw new RunnerConfigError(`${name}: must be a whole number (0 or more)`);
    }
    return Number(value);
  };
  const common = {
    publicOrigin,
    seed: wholeNumber("SANDBOX_SEED", 42),
    stateFile: env("SANDBOX_STATE_FILE")
      ? resolve(cwd, env("SANDBOX_STATE_FILE")!)
      : join(dataDir, "instagram-sandbox.json"),
    activity,
    quotaTotal: wholeNumber("SANDBOX_QUOTA_TOTAL", 100),
    requireAppSecretProof: env("SANDBOX_REQUIRE_APPSECRET_PROOF") === "true",
  } satisfies Partial<SandboxOptions>;
  const host = env("HOST") ?? "127.0.0.1";

  if (secret === undefined || sightlineOrigin === undefined) {
    const webhookUrl = env("WEBHOOK_URL");
    const webhookVerifyToken = env("WEBHOOK_VERIFY_TOKEN");
    return {
      port,
      host,
      sightlineOrigin: undefined,
      dataDir,
      hostToken: undefined,
      options: {
        ...common,
        appId: env("META_APP_ID") ?? "100000000000001",
        appSecret: env("META_APP_SECRET") ?? "sandbox-app-secret",
        instagramAppSecret: env("INSTAGRAM_APP_SECRET") ?? "sandbox-instagram-app-secret",
        instagramAppId: env("INSTAGRAM_APP_ID") ?? "100000000000002",
        ...(webhookUrl ? { webhookUrl } : {}),
        ...(webhookVerifyToken ? { webhookVerifyToken } : {}),
        ...(redirectUris ? { redirectUris } : {}),
        ...(env("SANDBOX_CONTROL_TOKEN") ? { controlToken: env("SANDBOX_CONTROL_TOKEN")! } : {}),
      },
    };
  }

  for (const name of [
    "META_APP_ID",
    "META_APP_SECRET",
    "INSTAGRAM_APP_ID",
    "INSTAGRAM_APP_SECRET",
    "SANDBOX_CONTROL_TOKEN",
  ]) {
    if (env(name)) {
      throw new RunnerConfigError(
        `${name}: is not read with SANDBOX_SECRET (the app's ids and secrets derive from it, as in every Sightline instance); unset it`,
      );
    }
  }
  const app = sandboxAppCredentials(secret);
  return {
    port,
    host,
    sightlineOrigin,
    dataDir,
    hostToken: app.hostToken,
    options: {
      ...common,
      appId: app.appId,
      appSecret: app.appSecret,
      instagramAppId: app.instagramAppId,
      instagramAppSecret: app.instagramAppSecret,
      webhookUrl: env("WEBHOOK_URL") ?? `${sightlineOrigin}/webhooks/instagram`,
      webhookVerifyToken: app.webhookVerifyToken,
      controlToken: app.controlToken,
      redirectUris: redirectUris ?? [
        `${sightlineOrigin}/auth/instagram/callback`,
        `${sightlineOrigin}/facebook-callback`,
      ],
      signInUrl: `${sightlineOrigin}/settings?connect=instagram`,
      spaceStateDir: join(dataDir, "spaces"),
    },
  };
}

/** The OAuth `state` a consent request carries: in the query (the page) or the form (the decision). */
async function stateOf(request: Request): Promise<string | undefined> {
  const fromQuery = new URL(request.url).searchParams.get("state");
  if (fromQuery) return fromQuery;
  if (request.method !== "POST") return undefined;
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return undefined;
  try {
    // A clone: the consent route reads the same body after this.
    const form = new URLSearchParams(await request.clone().text());
    return form.get("state") ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whose copy of the demo world a consent request acts in, asked of Sightline: the owner of the
 * pending OAuth round trip named by the request's `state` (decision 032). Any failure (no state,
 * an unknown one, Sightline unreachable) is "nobody": the page asks the person to start again
 * from Sightline, and nothing is granted.
 */
export function askSightlineForSpace(options: {
  sightlineOrigin: string;
  hostToken: string;
  fetch?: typeof fetch;
}) {
  const fetchImpl = options.fetch ?? fetch;
  return async (request: Request): Promise<string | undefined> => {
    const state = await stateOf(request);
    if (!state || state.length > 200) return undefined;
    try {
      const response = await fetchImpl(`${options.sightlineOrigin}/sandbox-host/consent-space`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${options.hostToken}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ state }),
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        return undefined;
      }
      const body = (await response.json()) as { space?: unknown };
      return typeof body.space === "string" ? body.space : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * The media a Sightline instance hands the sandbox to publish are its own signed storage URLs
 * (`SIGHTLINE_URL/storage/…`, checked by its storage route): those, and nothing else, are
 * downloaded (redirects are never followed: the sandbox treats a 3xx as a failure).
 */
export function sightlineMediaFetch(sightlineOrigin: string, fetchImpl: typeof fetch = fetch) {
  return async (url: string, init?: RequestInit): Promise<Response> => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return new Response(null, { status: 502 });
    }
    if (target.origin !== sightlineOrigin || !target.pathname.startsWith("/storage/")) {
      return new Response(null, { status: 502 });
    }
    return fetchImpl(target.href, {
      method: "GET",
      redirect: "manual",
      ...(init?.signal ? { signal: init.signal } : {}),
    });
  };
}

export type RunningSandbox = {
  sandbox: Sandbox;
  /** Where it listens, e.g. `http://127.0.0.1:4010`. */
  url: string;
  close(): Promise<void>;
};

/**
 * Starts the runner's sandbox with its HTTP server (main.ts does this from the environment;
 * tests start one on a free port). The app is served at `/sandbox`.
 */
export async function startRunner(
  config: RunnerConfig,
  extra: { logger?: SandboxLogger; tickIntervalMs?: number | false } = {},
): Promise<RunningSandbox> {
  mkdirSync(config.dataDir, { recursive: true });
  const sandbox = createSandbox({
    ...config.options,
    ...(extra.logger ? { logger: extra.logger } : {}),
    ...(extra.tickIntervalMs !== undefined ? { tickIntervalMs: extra.tickIntervalMs } : {}),
    ...(config.sightlineOrigin && config.hostToken
      ? {
          spaceOf: askSightlineForSpace({
            sightlineOrigin: config.sightlineOrigin,
            hostToken: config.hostToken,
          }),
          fetchMedia: sightlineMediaFetch(config.sightlineOrigin),
        }
      : {}),
  });
  // Non-strict routing so `/sandbox/` (with the slash people type) reaches the index page.
  const host = new Hono({ strict: false }).route("/sandbox", sandbox.app);
  host.get("/", (c) => c.redirect("/sandbox/"));
  const server = await new Promise<ReturnType<typeof serve>>((done, fail) => {
    const started = serve({ fetch: host.fetch, port: config.port, hostname: config.host }, () =>
      done(started),
    );
    started.once("error", fail);
  });
  const address = server.address() as AddressInfo;
  const shownHost = config.host.includes(":") ? `[${config.host}]` : config.host;
  return {
    sandbox,
    url: `http://${shownHost}:${address.port}`,
    close: async () => {
      await sandbox.close();
      await new Promise<void>((done) => {
        server.close(() => done());
        // Keep-alive connections would hold close() open.
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    },
  };
}
