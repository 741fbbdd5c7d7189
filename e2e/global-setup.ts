import type { TestProject } from "vitest/node";
import { ensureWebBuild } from "../scripts/web-build.mjs";
import { findChromium } from "./support/chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

export default function setup(project: TestProject) {
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
  project.provide("chromiumPath", chromium ?? "");
  // The server serves the built web app: build it once, before any test starts a server.
  ensureWebBuild({ quiet: true });
}
