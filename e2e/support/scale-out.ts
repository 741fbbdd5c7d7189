import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchPostgresDatabase } from "@sightline/db/testing";
import {
  type RunningSandbox,
  readRunnerConfig,
  startRunner,
} from "@sightline/instagram-sandbox/runner";
import { startTestS3Server, type TestS3Server } from "../../apps/server/src/testing/s3-server.ts";
import { latestLinkFor } from "./accounts.ts";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy.ts";
import {
  freePort,
  makeDataDir,
  PortTakenError,
  type RunningServer,
  startServer,
  waitForExit,
} from "./server.ts";

/**
 * Several Sightline instances as a deployment runs them (issue 28): one PostgreSQL database (a
 * scratch one on TEST_DATABASE_URL's server), one S3 bucket (s3rver), one Instagram sandbox run
 * as the standalone runner (`npm run sandbox`'s code, here in this process), and the compiled
 * server bundle started once per instance, each with its own port and DATA_DIR and the same
 * secrets, behind a round-robin proxy whose address is every instance's PUBLIC_URL and the
 * sandbox's SIGHTLINE_URL. Used by e2e/scale-out.e2e.ts and `npm run bench scale`.
 */
export interface ScaleOut {
  proxy: RoundRobinProxy;
  /** The proxy's address: PUBLIC_URL of every instance. */
  publicUrl: string;
  sandbox: RunningSandbox;
  sandboxUrl: string;
  /** The Instagram app secret the sandbox signs its webhooks with (derived from SANDBOX_SECRET). */
  webhookSecret: string;
  databaseUrl: string;
  /** The variables every instance shares (secrets, database, S3, sandbox). */
  sharedEnv: Record<string, string>;
  /**
   * Each instance's own address (where the proxy sends), whether or not it runs now. An
   * instance whose port another process took in the meantime is started on a new one, and its
   * entry here and in the proxy changes with it.
   */
  origins: string[];
  /** The running process of each instance (undefined while it is stopped). */
  instances: Array<RunningServer | undefined>;
  /** Starts instance `index` on its port and data folder (again, after a stop or a kill). */
  start(index: number): Promise<RunningServer>;
  /** SIGKILL: no shutdown of any kind, as a crash or a lost machine. */
  kill(index: number): Promise<void>;
  /** Resolves once the proxy's probes find exactly these instances ready. */
  waitUntilProxied(indexes: number[], timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startScaleOut(options: {
  instances: number;
  /** Instances started now (default all); the others wait for `start`. */
  startNow?: number;
  /** Variables for every instance on top of the shared ones. */
  env?: Record<string, string>;
}): Promise<ScaleOut> {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };
  try {
    const [database, s3, ports, sandboxPort] = await Promise.all([
      createScratchPostgresDatabase(),
      startTestS3Server(),
      Promise.all(Array.from({ length: options.instances }, () => freePort())),
      freePort(),
    ]);
    cleanups.push(() => database.drop());
    if ("unavailable" in s3) throw new Error(`s3rver could not start: ${s3.unavailable}`);
    cleanups.push(() => (s3 as TestS3Server).close());

    const origins = ports.map((port) => `http://127.0.0.1:${port}`);
    const proxy = await startRoundRobinProxy(origins);
    cleanups.push(() => proxy.close());

    const secret = randomBytes(32).toString("hex");
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    const sandboxDir = mkdtempSync(path.join(tmpdir(), "sightline-scale-sandbox-"));
    cleanups.push(() => rmSync(sandboxDir, { recursive: true, force: true }));
    // The runner's configuration read as `npm run sandbox` reads its environment.
    const runnerConfig = readRunnerConfig({
      PORT: String(sandboxPort),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: sandboxUrl,
      SANDBOX_SECRET: secret,
      SIGHTLINE_URL: proxy.url,
      SANDBOX_DATA_DIR: sandboxDir,
    });
    const sandbox = await startRunner(runnerConfig);
    cleanups.push(() => sandbox.close());

    const sharedEnv: Record<string, string> = {
      DATABASE_URL: database.url,
      PUBLIC_URL: proxy.url,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      ENCRYPTION_KEYS: `k1:${randomBytes(32).toString("base64")}`,
      INSTAGRAM_SANDBOX_URL: sandboxUrl,
      SANDBOX_SECRET: secret,
      ...s3.env,
      ...options.env,
    };
    const dataDirs = ports.map(() => makeDataDir());
    cleanups.push(() => {
      for (const dir of dataDirs) dir.remove();
    });
    const instances: Array<RunningServer | undefined> = ports.map(() => undefined);
    cleanups.push(async () => {
      await Promise.all(
        instances.map(async (instance) => {
          if (!instance || instance.process.exitCode !== null) return;
          instance.process.kill("SIGKILL");
          await waitForExit(instance.process);
        }),
      );
    });

    const start = async (index: number) => {
      let instance: RunningServer;
      for (let attempt = 1; ; attempt++) {
        try {
          instance = await startServer({
            port: ports[index]!,
            dataDir: dataDirs[index]!.dir,
            env: sharedEnv,
            timeoutMs: 90_000,
          });
          break;
        } catch (error) {
          // A port found free was taken before the instance listened (other tests start
          // servers too): a new port, and the proxy is told.
          if (!(error instanceof PortTakenError) || attempt >= 3) throw error;
          ports[index] = await freePort();
          origins[index] = `http://127.0.0.1:${ports[index]}`;
          proxy.setBackend(index, origins[index]!);
        }
      }
      instances[index] = instance;
      instance.process.once("exit", () => {
        if (instances[index] === instance) instances[index] = undefined;
      });
      return instance;
    };
    const kill = async (index: number) => {
      const instance = instances[index];
      if (!instance) return;
      instance.process.kill("SIGKILL");
      await waitForExit(instance.process);
    };
    const waitUntilProxied = async (indexes: number[], timeoutMs = 30_000) => {
      const wanted = indexes.map((index) => origins[index]).sort();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ready = proxy.ready().sort();
        if (ready.join() === wanted.join()) return;
        if (Date.now() > deadline) {
          throw new Error(`the proxy sends to [${ready}], not [${wanted}]`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // Together: migrations run under an advisory lock, so one applies them and the other waits.
    const startNow = options.startNow ?? options.instances;
    // Every start settled before a failure cleans up: one still starting would be left running.
    const started = await Promise.allSettled(
      Array.from({ length: startNow }, (_, index) => start(index)),
    );
    const failed = started.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    await waitUntilProxied(Array.from({ length: startNow }, (_, index) => index));
    return {
      proxy,
      publicUrl: proxy.url,
      sandbox,
      sandboxUrl,
      webhookSecret: runnerConfig.options.instagramAppSecret,
      databaseUrl: database.url,
      sharedEnv,
      origins,
      instances,
      start,
      kill,
      waitUntilProxied,
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * A signed-in browser, reduced to its cookies: every request carries them and the Origin of
 * PUBLIC_URL (the same-origin rule of the API), and may go to any address (the proxy, or one
 * instance directly). Redirects are not followed, so their cookies are kept.
 */
export class ApiSession {
  readonly cookies = new Map<string, string>();
  constructor(readonly publicUrl: string) {}

  async fetch(base: string, route: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", this.publicUrl);
    if (this.cookies.size > 0) {
      headers.set(
        "cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    const response = await fetch(`${base}${route}`, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /max-age=0\b/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(base: string, route: string, body: unknown): Promise<Response> {
    return this.fetch(base, route, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }
}

async function expectStatus(response: Response, status: number, what: string) {
  if (response.status !== status) {
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  }
  return response;
}

/** Signs a new user up through `base`, follows the dev mailbox's link, answers their session. */
export async function signUp(publicUrl: string, base = publicUrl) {
  const session = new ApiSession(publicUrl);
  const email = `scale-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
  await expectStatus(
    await session.post(base, "/api/auth/sign-up/email", {
      email,
      password: "ceramics2026",
      name: "x",
      firstName: "Lena",
      lastName: "Park",
      callbackURL: "/auth/callback",
    }),
    200,
    "sign-up",
  );
  const verify = new URL(
    await latestLinkFor(base, email, { matches: (link) => link.includes("verify-email") }),
  );
  await expectStatus(
    await session.fetch(base, `${verify.pathname}${verify.search}`),
    302,
    "verification link",
  );
  await expectStatus(await session.fetch(base, "/api/me"), 200, "/api/me after verification");
  return { session, email };
}

/**
 * Connects `username` of the sandbox's demo world through Instagram Login, as a browser does:
 * Sightline's connect route, the sandbox's consent page on its own origin (which asks Sightline,
 * through SIGHTLINE_URL, whose round trip it is), the decision, and the callback.
 */
export async function connectSandboxAccount(
  session: ApiSession,
  base: string,
  sandboxUrl: string,
  username = "lena.makes",
) {
  const start = await expectStatus(
    await session.post(base, "/api/instagram/connect", { login: "instagram" }),
    200,
    "connect",
  );
  const { authorizeUrl } = (await start.json()) as { authorizeUrl: string };
  const page = await expectStatus(await fetch(authorizeUrl), 200, "consent page");
  const html = await page.text();
  const form = (html.match(/<form class="account"[\s\S]*?<\/form>/g) ?? []).find((candidate) =>
    candidate.includes(`@${username}<`),
  );
  if (!form) throw new Error(`no @${username} on the consent page`);
  const action = /action="([^"]+)"/.exec(form)![1]!;
  const fields = new URLSearchParams();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(
      match[1]!,
      match[2]!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
    );
  }
  const decision = await expectStatus(
    await fetch(`${sandboxUrl}${action}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
      redirect: "manual",
    }),
    302,
    "consent decision",
  );
  const back = new URL(decision.headers.get("location")!);
  const callback = await expectStatus(
    await session.post(base, "/api/instagram/connect/callback", {
      login: "instagram",
      code: back.searchParams.get("code"),
      state: back.searchParams.get("state"),
    }),
    200,
    "connect callback",
  );
  const { connection } = (await callback.json()) as {
    connection: { instagram_id: string; workspace_id: string };
  };
  return { instagramId: connection.instagram_id, workspaceId: connection.workspace_id };
}
