import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeProblems } from "./support/axe.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

/*
 * /developers (decision 035): the public API reference, prerendered from the server's OpenAPI
 * document. It shows every endpoint the running server's /api/v1/openapi.json documents, with
 * its scope, at 1440 and 390 px, and passes axe.
 * Set DEVELOPERS_PAGE_SCREENSHOT_DIR=/some/dir to keep full-page screenshots at both widths.
 */
const shots = process.env.DEVELOPERS_PAGE_SCREENSHOT_DIR;

type Document = {
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, { summary: string; "x-required-scopes": string[] }>>;
};

/** The whole page in slices two screens high (one tall image is unreadable when viewed). */
async function screenshots(page: Page, name: string) {
  const { width, height } = page.viewportSize()!;
  const total = await page.evaluate(() => document.documentElement.scrollHeight);
  const slice = height * 2;
  for (let y = 0, part = 1; y < total; y += slice, part++) {
    await page.screenshot({
      path: `${shots}/${name}-${String(part).padStart(2, "0")}.png`,
      fullPage: true,
      clip: { x: 0, y, width, height: Math.min(slice, total - y) },
    });
  }
}

describe.skipIf(!hasChromium())("/developers: the API reference", () => {
  const live = useServerAndBrowser();

  for (const width of [1440, 390]) {
    it(`at ${width} px shows every endpoint of the served OpenAPI document with its scope, and passes axe`, async () => {
      const url = live.server.url;
      const served = await fetch(`${url}/api/v1/openapi.json`);
      expect(served.status).toBe(200);
      const openApi = (await served.json()) as Document;
      const base = openApi.servers[0]!.url;

      const context = await live.browser.newContext({
        viewport: { width, height: 900 },
        ...(width < 500 ? { isMobile: true } : {}),
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });

      // Prerendered: the endpoints are in the HTML before any script runs.
      const html = await (await fetch(`${url}/developers`)).text();
      const endpoints = Object.entries(openApi.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          key: `${method.toUpperCase()} ${base}${path}`,
          operation,
        })),
      );
      expect(endpoints.length).toBeGreaterThanOrEqual(5);
      for (const { key } of endpoints) expect(html, key).toContain(`data-endpoint="${key}"`);

      await page.goto(`${url}/developers`);
      await page.getByRole("heading", { level: 1, name: "Sightline API reference" }).waitFor();
      for (const { key, operation } of endpoints) {
        const card = page.locator(`[data-endpoint="${key}"]`);
        await expect(card.count(), key).resolves.toBe(1);
        expect(await card.getByRole("heading", { level: 3 }).innerText(), key).toBe(
          operation.summary,
        );
        const text = await card.innerText();
        for (const scope of operation["x-required-scopes"]) expect(text, key).toContain(scope);
        expect(text, key).toContain("curl");
      }
      const main = await page.locator("main").innerText();
      for (const words of [
        "Settings → Developers",
        "nextCursor",
        "Idempotency-Key",
        "RateLimit-Remaining",
        "insufficient_scope",
        "Sightline-Signature",
        "post.published",
        "timingSafeEqual",
      ]) {
        expect(main).toContain(words);
      }
      // The footer links here from every public page.
      await expect(
        page.locator("footer").getByRole("link", { name: "Developers" }).getAttribute("href"),
      ).resolves.toBe("/developers");

      // Start the app (the first pointer movement) and let it hydrate over the same markup.
      await page.mouse.move(40, 40);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("[data-endpoint]").count()).resolves.toBe(endpoints.length);
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      expect(await axeProblems(page)).toEqual([]);
      if (shots) await screenshots(page, `developers-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
