import { cpSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureServerBuild } from "../scripts/server-build.mjs";
import { ensureWebBuild } from "../scripts/web-build.mjs";
import { findChromium } from "./support/chromium.ts";
import { FAILURE_PAGES_DIR } from "./support/failure-pages.ts";
import { connectOverHttp, signUpOverHttp } from "./support/http-session.ts";
import { makeDataDir, type PreparedAccount, startServer } from "./support/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    chromiumPath: string;
    /** A data folder a server has started on once (see makePreparedDataDir); "" when none. */
    e2eDataTemplate: string;
    /**
     * The same after accounts were connected and synced there ("" when none; see below), and
     * the file that says when it is ready: `{ accounts }`, or `{ error }` if it failed.
     */
    e2eConnectedTemplate: string;
    e2eConnectedReady: string;
    /**
     * A folder where each browser-test worker notes the servers it shares between its files
     * (e2e/support/browser.ts): the teardown stops any still running when the run ends.
     */
    e2eSharedServers: string;
  }
}

/**
 * The browser-test project lists this file (vitest.config.ts); vitest runs a global setup once
 * per project that lists it, all in its own process before any test. Should a second project list
 * it again, the first call prepares, later ones reuse what it made, and the last teardown removes it.
 */
interface Shared {
  chromium: string;
  template: { dir: string; remove: () => void };
  connected: { dir: string; ready: string; done: Promise<void>; remove: () => void };
  sharedServers: { dir: string; remove: () => void };
  users: number;
}
const key = Symbol.for("sightline.e2e.global-setup");
const shared = globalThis as typeof globalThis & { [key]?: Promise<Shared> };

export default async function setup(project: TestProject) {
  shared[key] ??= prepare();
  const state = await shared[key];
  state.users += 1;
  project.provide("chromiumPath", state.chromium);
  project.provide("e2eDataTemplate", state.template.dir);
  project.provide("e2eConnectedTemplate", state.connected.dir);
  project.provide("e2eConnectedReady", state.connected.ready);
  project.provide("e2eSharedServers", state.sharedServers.dir);
  return async () => {
    state.users -= 1;
    if (state.users > 0) return;
    stopSharedServers(state.sharedServers.dir);
    state.sharedServers.remove();
    await state.connected.done;
    state.template.remove();
    state.connected.remove();
    shared[key] = undefined;
  };
}

async function prepare(): Promise<Shared> {
  // Reports of an earlier run's failures are not this run's (support/failure-pages.ts).
  rmSync(FAILURE_PAGES_DIR, { recursive: true, force: true });
  const chromium = findChromium();
  if (!chromium) {
    if (process.env.CI) {
      throw new Error(
        "Chromium is missing and CI is set: install it with `apt-get install chromium chromium-headless-shell` (or set CHROMIUM_PATH).",
      );
    }
    const bar = "!".repeat(78);
    console.warn(
      `\n${bar}\n!! Browser tests are SKIPPED: Chromium was not found.\n!! Install Debian's Chromium with:  apt-get update && apt-get install -y chromium chromium-headless-shell\n!! (or set CHROMIUM_PATH to a Chromium binary)\n${bar}\n`,
    );
  }
  // The server serves the built web app: build it once, before any test starts a server.
  ensureWebBuild({ quiet: true });
  // Tests run the server as `npm start` does: one compiled bundle (e2e/support/server.ts).
  await ensureServerBuild({ quiet: true });
  // One first start (migrations, keys, the sandbox's world) for the whole run: each test's own
  // server then starts on a copy of this folder, as on an existing installation.
  const template = makeDataDir();
  const server = await startServer({ dataDir: template.dir, timeoutMs: 180_000 });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the data-folder template's server exited with ${code}`);
  const connected = chromium
    ? startConnected(template.dir)
    : { dir: "", ready: "", done: Promise.resolve(), remove: () => {} };
  return { chromium: chromium ?? "", template, connected, sharedServers: makeDataDir(), users: 0 };
}

/**
 * Stops the servers the workers shared between their files and did not stop themselves: vitest
 * ends its workers without their exit handlers, and a server left running would outlive the run.
 */
function stopSharedServers(dir: string) {
  for (const name of readdirSync(dir)) {
    const { pid, dataDir } = JSON.parse(readFileSync(path.join(dir, name), "utf8")) as {
      pid: number;
      dataDir: string;
    };
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Prepares the connected template in the background: vitest runs every project's global setup
 * before the first test, so waiting here would hold up the unit and integration tests too. The
 * files that use it wait for its ready file (e2e/support/server.ts).
 */
function startConnected(startedDir: string): Shared["connected"] {
  const data = makeDataDir();
  const ready = `${data.dir}.ready.json`;
  const write = (content: object) => {
    writeFileSync(`${ready}.tmp`, JSON.stringify(content));
    renameSync(`${ready}.tmp`, ready);
  };
  const started = Date.now();
  const done = prepareConnected(startedDir, data.dir).then(
    (accounts) => {
      // CI's log says when it was ready, to compare with when the browser tests began.
      console.info(
        `e2e connected template: ${accounts.length} accounts ready in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      write({ accounts });
    },
    // A failed fetch says why only in its cause (the socket's error).
    (error: Error) =>
      write({
        error: `${error.stack ?? String(error)}${error.cause ? `\ncause: ${String(error.cause)}` : ""}`,
      }),
  );
  return {
    dir: data.dir,
    ready,
    done,
    remove: () => {
      data.remove();
      rmSync(ready, { force: true });
    },
  };
}

/**
 * Accounts with @lena.makes connected, as the composer's tests need one per test: signed up,
 * connected through the sandbox's Instagram Login (over HTTP) and synced once, here, for the whole
 * run. A file whose server starts on a copy of this folder (`template: "connected"`) signs in as
 * one of them by its session cookie (connectedPage) instead of connecting and syncing again: the
 * connect-and-sync flow was most of the composer files' set-up (issue 27, decision 020). As many
 * accounts as the file that uses the most (composer.e2e.ts: eight); beyond them connectedPage
 * connects a new one.
 */
const CONNECTED_ACCOUNTS = 8;

async function prepareConnected(startedDir: string, dir: string): Promise<PreparedAccount[]> {
  cpSync(startedDir, dir, { recursive: true });
  // One address signs up every account here: the tests' switch for the sign-up limit (10 per
  // 5 minutes). With it nothing is counted, so the copies start with no count against the tests.
  // It works beside the unit and integration tests (their workers take both cores): at niceness
  // 10 it takes the CPU they leave, and the browser tests that need it start minutes later.
  const server = await startServer({
    dataDir: dir,
    timeoutMs: 180_000,
    env: { AUTH_RATE_LIMITS: "off" },
    niceness: 10,
  });
  const accounts: PreparedAccount[] = [];
  try {
    // Over HTTP, as a person's browser would send it (e2e/support/http-session.ts): no Chromium
    // here, whose start and page loads were half this template's CPU (decision 020, 12th round).
    const connectOne = async (): Promise<PreparedAccount> => {
      const { email, session } = await signUpOverHttp(server.url, "prepared");
      // Nothing here is timed: allow a busy machine minutes where a test allows seconds.
      await connectOverHttp(server.url, session, "lena.makes", 180_000);
      return { email, cookies: session.browserCookies() };
    };
    // One after the other: the embedded database serves one query at a time, so a second
    // account's connect waits behind the first one's sync anyway. A failure fails every file
    // that uses the template, so a step that fails is tried once more with a new account.
    for (let i = 0; i < CONNECTED_ACCOUNTS; i++) {
      accounts.push(await connectOne().catch(() => connectOne()));
    }
  } catch (error) {
    await server.stop();
    throw error;
  }
  const code = await server.stop();
  if (code !== 0) throw new Error(`the connected template's server exited with ${code}`);
  return accounts;
}
