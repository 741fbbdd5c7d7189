import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { setPriority, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { compileCacheDir, serverBundle } from "../../scripts/server-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, then waits for the exit; resolves with the exit code. */
  stop: () => Promise<number | null>;
}

export interface StartOptions {
  dataDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Without `dataDir`, the prepared folder the server starts on a copy of: "started" (default:
   * migrated, keys, the sandbox's world) or "connected" (the same, plus accounts with @lena.makes
   * connected and synced, handed out by `takePreparedAccount`; see global-setup.ts).
   */
  template?: "started" | "connected";
  /**
   * The server process's niceness (0 to 19; default 0): work in the background that must not
   * take the CPU from the tests running meanwhile (global-setup.ts's connected template).
   */
  niceness?: number;
  /**
   * Listen on this port instead of a free one (an instance restarted where a load balancer
   * expects it); a start that finds it taken fails instead of moving elsewhere.
   */
  port?: number;
}

/** An account global-setup.ts signed up, connected to @lena.makes and synced in the connected template. */
export interface PreparedAccount {
  email: string;
  /** Its browser session (cookies for 127.0.0.1: a cookie is not tied to a port). */
  cookies: {
    name: string;
    value: string;
    domain: string;
    path: string;
    expires: number;
    httpOnly: boolean;
    secure: boolean;
    sameSite: "Strict" | "Lax" | "None";
  }[];
}

/** The prepared accounts not yet used, per server address (each server has its own copy). */
const unusedAccounts = new Map<string, PreparedAccount[]>();

/** One of the prepared accounts of the server at `url`, never the same twice; none when used up. */
export function takePreparedAccount(url: string): PreparedAccount | undefined {
  return unusedAccounts.get(url)?.shift();
}

/** How many prepared accounts the server at `url` has not given out yet. */
export function preparedAccountsLeft(url: string): number {
  return unusedAccounts.get(url)?.length ?? 0;
}

/**
 * The accounts of the connected template, once global-setup.ts has made it (it does so in the
 * background; a file that starts first waits); none outside vitest's e2e run or without Chromium.
 */
async function preparedAccounts(): Promise<PreparedAccount[]> {
  const ready = injected<string>("e2eConnectedReady");
  if (!ready) return [];
  const deadline = Date.now() + 900_000;
  while (!existsSync(ready)) {
    if (Date.now() > deadline) throw new Error("the connected template was not ready in 15 min");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const made = JSON.parse(readFileSync(ready, "utf8")) as {
    accounts?: PreparedAccount[];
    error?: string;
  };
  if (made.error)
    throw new Error(`global setup could not prepare the connected template:\n${made.error}`);
  return made.accounts ?? [];
}

function injected<T>(key: "e2eDataTemplate" | "e2eConnectedTemplate" | "e2eConnectedReady") {
  try {
    return inject(key) as T | undefined;
  } catch {
    return undefined; // not inside a vitest run
  }
}

export function makeDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "sightline-e2e-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A throw-away data folder copied from the one global-setup.ts prepared (a server started once
 * on it, then stopped: migrated database, keys, sandbox world), so each test's own server skips
 * that first-start work; an empty folder where there is no such copy (outside vitest's e2e run).
 */
export function makePreparedDataDir(kind: "started" | "connected" = "started"): {
  dir: string;
  remove: () => void;
} {
  const data = makeDataDir();
  const template =
    injected<string>(kind === "connected" ? "e2eConnectedTemplate" : "e2eDataTemplate") ?? "";
  if (template && existsSync(template)) cpSync(template, data.dir, { recursive: true });
  return data;
}

/**
 * Spawns the real server: the compiled bundle `npm start` runs (global-setup.ts builds it when it
 * is missing or older than its sources), or the sources through tsx where there is no bundle
 * (a file imported outside vitest's e2e run). The bundle starts with 2-3 s less CPU (decision 025).
 */
export function spawnServer(env: Record<string, string>, niceness = 0): ChildProcess {
  const args = existsSync(serverBundle)
    ? [serverBundle]
    : ["--import", "tsx", "apps/server/src/index.ts"];
  const child = spawn(process.execPath, args, {
    cwd: root,
    // A cheaper password hash (auth/test-password-hash.ts) unless the test runs another mode.
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // As `npm start` runs it: V8's compiled code for the bundle reused between starts.
      NODE_COMPILE_CACHE: compileCacheDir,
      ...(env.NODE_ENV && env.NODE_ENV !== "test" ? {} : { AUTH_PASSWORD_COST: "test" }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (niceness > 0 && child.pid !== undefined) {
    try {
      setPriority(child.pid, niceness);
    } catch {
      // Left at the default priority where the system refuses: slower for the others, not wrong.
    }
  }
  return child;
}

export async function waitForHealthy(
  url: string,
  timeoutMs: number,
  child?: ChildProcess,
  started: () => boolean = () => true,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (!started()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} was not healthy within ${timeoutMs} ms`);
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/**
 * Starts the server on a free port with a throw-away data folder (a copy of the prepared one)
 * unless one is given.
 *
 * Browser-test files run two at once (vitest.config.ts), and other programs take ports too: a
 * port found free can be taken before this server listens on it (it migrates first). So the
 * server counts as up only once its own output has said it runs (at its own address, or at the
 * PUBLIC_URL it was given) and it answers on its port (so a health answer from another process
 * on that port is not mistaken for it), and a start that lost its port to another process is
 * retried on a new one.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const connected = !options.dataDir && options.template === "connected";
  const accounts = connected ? await preparedAccounts() : [];
  const temp = options.dataDir
    ? undefined
    : makePreparedDataDir(connected && accounts.length > 0 ? "connected" : "started");
  const dataDir = options.dataDir ?? temp!.dir;
  for (let attempt = 1; ; attempt++) {
    try {
      const server = await startOnFreePort(options, dataDir, temp);
      if (accounts.length > 0) unusedAccounts.set(server.url, [...accounts]);
      return server;
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 3 || options.port !== undefined) {
        temp?.remove();
        throw error;
      }
    }
  }
}

/** The port was taken by another process before the server could listen on it. */
export class PortTakenError extends Error {}

async function startOnFreePort(
  options: StartOptions,
  dataDir: string,
  temp: { remove: () => void } | undefined,
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // Behind a load balancer every instance has the balancer's address as its PUBLIC_URL.
  const publicUrl = options.env?.PUBLIC_URL ?? url;
  const child = spawnServer(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ...options.env,
    },
    options.niceness,
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  try {
    await waitForHealthy(url, options.timeoutMs ?? 120_000, child, () =>
      output.includes(`running at ${publicUrl}`),
    );
  } catch (error) {
    child.kill("SIGKILL");
    await waitForExit(child);
    const message = `${(error as Error).message}\n--- server output ---\n${output}`;
    if (output.includes("already in use")) throw new PortTakenError(message);
    throw new Error(message);
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      const code = await waitForExit(child);
      temp?.remove();
      return code;
    },
  };
}
