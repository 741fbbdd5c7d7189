import { describe, expect, it } from "vitest";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

describe.skipIf(!hasChromium())("web app in a browser", () => {
  const live = useServerAndBrowser();

  it("loads the landing page with its title", async () => {
    const page = await live.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(live.server.url);
    await expect(page.title()).resolves.toMatch(/Sightline/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the not-found page for an unknown path", async () => {
    const page = await live.browser.newPage();
    const response = await page.goto(`${live.server.url}/this/path/does-not-exist`);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await page.waitForURL(`${live.server.url}/`);
    await page.close();
  });
});
