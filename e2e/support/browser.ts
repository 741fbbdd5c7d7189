import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { chromiumArgs } from "./chromium.ts";
import { type RunningServer, type StartOptions, startServer } from "./server.ts";

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
 * One real server and one Chromium for a test file: started before its tests, stopped after.
 * Read them through the returned object (`live.server.url`, `live.browser.newPage()`).
 */
export function useServerAndBrowser(options?: StartOptions) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  // A file on the connected template may first wait for global setup to finish making it (it
  // does so in the background while earlier tests run): up to 10 more minutes than a start.
  const waitForTemplate = options?.template === "connected" ? 600_000 : 0;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(options), launchBrowser()]);
  }, 180_000 + waitForTemplate);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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
