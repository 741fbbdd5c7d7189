import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { serverBundle } from "../../scripts/server-build.mjs";

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
export function makePreparedDataDir(): { dir: string; remove: () => void } {
  const data = makeDataDir();
  let template = "";
  try {
    template = inject("e2eDataTemplate") ?? "";
  } catch {
    // not inside a vitest run
  }
  if (template && existsSync(template)) cpSync(template, data.dir, { recursive: true });
  return data;
}

/**
 * Spawns the real server: the compiled bundle `npm start` runs (global-setup.ts builds it when it
 * is missing or older than its sources), or the sources through tsx where there is no bundle
 * (a file imported outside vitest's e2e run). The bundle starts with 2-3 s less CPU (decision 025).
 */
export function spawnServer(env: Record<string, string>): ChildProcess {
  const args = existsSync(serverBundle)
    ? [serverBundle]
    : ["--import", "tsx", "apps/server/src/index.ts"];
  return spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
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
 * server counts as up only once it has said it runs at its own address (so a health answer from
 * another process on that port is not mistaken for it), and a start that lost its port to
 * another process is retried on a new one.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const temp = options.dataDir ? undefined : makePreparedDataDir();
  const dataDir = options.dataDir ?? temp!.dir;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(options, dataDir, temp);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 3) {
        temp?.remove();
        throw error;
      }
    }
  }
}

class PortTakenError extends Error {}

async function startOnFreePort(
  options: StartOptions,
  dataDir: string,
  temp: { remove: () => void } | undefined,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    ...options.env,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  try {
    await waitForHealthy(url, options.timeoutMs ?? 120_000, child, () =>
      output.includes(`running at ${url}`),
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
