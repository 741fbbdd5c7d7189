import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { chromiumArgs } from "./chromium.ts";
import { recordFailurePages } from "./failure-pages.ts";
import {
  preparedAccountsLeft,
  type RunningServer,
  type StartOptions,
  startServer,
} from "./server.ts";

/** True when Debian's Chromium is present; browser suites use it with describe.skipIf. */
export const hasChromium = (): boolean => Boolean(inject("chromiumPath"));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject("chromiumPath"),
    headless: true,
    args: chromiumArgs,
  });
}

/**
 * The sandbox's control token of every shared server (below): a file that plays Instagram's side
 * through `/sandbox/_control` sends this one.
 */
export const E2E_CONTROL_TOKEN = `e2e-control-${"c".repeat(24)}`;

/**
 * What a shared server runs with beyond a file's own server: the sandbox's control API, and no
 * sign-up or sign-in limit (10 sign-ups per 5 minutes from one address would be counted across
 * every file the server serves; the limits are the integration tests' to check).
 */
const sharedEnv = { AUTH_RATE_LIMITS: "off", SANDBOX_CONTROL_TOKEN: E2E_CONTROL_TOKEN };

/**
 * A browser-test worker runs its files one after the other in the same process (vitest.config.ts:
 * `isolate: false`), so the files that need no server of their own share one per template and one
 * Chromium: a server's start was most of a file's fixed cost (decision 020, thirteenth round).
 * Each file still has its own accounts (new sign-ups, or prepared accounts never given twice), so
 * what one file does is not seen by the next.
 */
const sharedServers = new Map<"started" | "connected", RunningServer & { forget: () => void }>();
let sharedBrowser: Browser | undefined;

/**
 * Notes a shared server in global setup's folder, whose teardown stops it when the run ends
 * (vitest ends its workers without running their exit handlers); the note goes when the worker
 * stops the server itself. Returns the note's removal.
 */
function noteSharedServer(server: RunningServer): () => void {
  const dir = inject("e2eSharedServers");
  if (!dir) return () => {};
  const note = path.join(dir, `${server.process.pid}.json`);
  writeFileSync(note, JSON.stringify({ pid: server.process.pid, dataDir: server.dataDir }));
  return () => rmSync(note, { force: true });
}

async function sharedServer(
  template: "started" | "connected",
  options: StartOptions,
  accounts: number,
): Promise<RunningServer> {
  const current = sharedServers.get(template);
  const usable =
    current &&
    current.process.exitCode === null &&
    current.process.signalCode === null &&
    (template === "started" || preparedAccountsLeft(current.url) >= accounts);
  if (current && usable) return current;
  sharedServers.delete(template);
  // Out of prepared accounts (or gone): the next file gets a new copy of the template.
  if (current) {
    await current.stop();
    current.forget();
  }
  const server = await startServer({ ...options, template, env: sharedEnv });
  sharedServers.set(template, { ...server, forget: noteSharedServer(server) });
  return server;
}

async function browserOfWorker(): Promise<Browser> {
  if (sharedBrowser?.isConnected()) return sharedBrowser;
  sharedBrowser = await launchBrowser();
  return sharedBrowser;
}

export interface ServerAndBrowserOptions extends StartOptions {
  /**
   * How many of the connected template's prepared accounts the file takes (`connectedPage`);
   * default all of them, so the file gets a server whose accounts nobody used yet. A file that
   * takes more than it says still works: `connectedPage` connects one more in the browser.
   */
  accounts?: number;
}

/**
 * A real server and Chromium for a test file, read through the returned object
 * (`live.server.url`, `live.browser.newPage()`).
 *
 * A file that gives nothing but a template (and a start timeout, and the accounts it takes) is
 * served by its worker's shared server for that template, started with `sharedEnv`; a file that
 * gives its own environment, data folder or port gets a server of its own, started before its
 * tests and stopped after. Either way the worker's one Chromium serves it, and the browser
 * contexts the file opened are closed after it.
 */
export function useServerAndBrowser(options: ServerAndBrowserOptions = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let shared = false;
  let accountsBefore = 0;
  // A file on the connected template may first wait for global setup to finish making it (it
  // does so in the background while earlier tests run): up to 10 more minutes than a start.
  const waitForTemplate = options.template === "connected" ? 600_000 : 0;
  beforeAll(async () => {
    // Read when the file's hooks run, not when it registers them: a file may fill in its
    // environment in an earlier beforeAll (billing.e2e.ts starts its Stripe stand-in first).
    const { accounts = Number.POSITIVE_INFINITY, ...start } = options;
    shared =
      start.env === undefined &&
      start.dataDir === undefined &&
      start.port === undefined &&
      start.niceness === undefined;
    [server, browser] = await Promise.all([
      shared ? sharedServer(start.template ?? "started", start, accounts) : startServer(start),
      browserOfWorker(),
    ]);
    accountsBefore = preparedAccountsLeft(server.url);
  }, 180_000 + waitForTemplate);
  // What the pages showed when a test failed, for CI's log (support/failure-pages.ts).
  beforeEach((context) => {
    context.onTestFailed(async () => {
      if (browser)
        await recordFailurePages(
          browser,
          `${path.basename(context.task.file.filepath)} › ${context.task.name}`,
        );
    });
  });
  afterAll(async () => {
    const taken = server ? accountsBefore - preparedAccountsLeft(server.url) : 0;
    const declared = options.accounts ?? Number.POSITIVE_INFINITY;
    if (shared && taken > declared)
      console.warn(
        `A browser-test file took ${taken} prepared accounts and says ${declared} (useServerAndBrowser's accounts): the next file may find none left and connect in the browser.`,
      );
    await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
    if (!shared) await server?.stop();
  });
  return {
    get server(): RunningServer {
      if (!server) throw new Error("the server has not started (beforeAll failed?)");
      return server;
    },
    get browser(): Browser {
      if (!browser) throw new Error("Chromium has not started (beforeAll failed?)");
      return browser;
    },
  };
}
