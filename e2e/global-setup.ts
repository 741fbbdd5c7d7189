import type { TestProject } from "vitest/node";
import { ensureServerBuild } from "../scripts/server-build.mjs";
import { ensureWebBuild } from "../scripts/web-build.mjs";
import { findChromium } from "./support/chromium.ts";
import { makeDataDir, startServer } from "./support/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    chromiumPath: string;
    /** A data folder a server has started on once (see makePreparedDataDir); "" when none. */
    e2eDataTemplate: string;
  }
}

/**
 * Both browser-test projects (e2e, and e2e-alone for the files that time the page: see
 * vitest.config.ts) list this file, and vitest runs a global setup once per project, all in its
 * own process before any test. The first call prepares; the second reuses what it made; the
 * last teardown removes it.
 */
interface Shared {
  chromium: string;
  template: { dir: string; remove: () => void };
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
  return () => {
    state.users -= 1;
    if (state.users > 0) return;
    state.template.remove();
    shared[key] = undefined;
  };
}

async function prepare(): Promise<Shared> {
  const chromium = findChromium();
  if (!chromium) {
    if (process.env.CI) {
      throw new Error(
        "Chromium is missing and CI is set: install it with `apt-get install chromium` (or set CHROMIUM_PATH).",
      );
    }
    const bar = "!".repeat(78);
    console.warn(
      `\n${bar}\n!! Browser tests are SKIPPED: Chromium was not found.\n!! Install Debian's Chromium with:  apt-get update && apt-get install -y chromium\n!! (or set CHROMIUM_PATH to a Chromium binary)\n${bar}\n`,
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
  return { chromium: chromium ?? "", template, users: 0 };
}
