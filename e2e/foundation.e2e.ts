import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchBrowser } from "./support/browser.ts";
import { type RunningServer, startServer } from "./support/server.ts";

describe.skipIf(!hasChromium())("web app in a browser", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("loads the landing page with its title", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(server.url);
    await expect(page.title()).resolves.toMatch(/Sightline/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the not-found page for an unknown path", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/this/path/does-not-exist`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await page.waitForURL(`${server.url}/`);
    await page.close();
  });
});
