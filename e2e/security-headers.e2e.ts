import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

/** Collects every Content-Security-Policy violation the page reports, from both channels. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

describe.skipIf(!hasChromium())(
  "the Content-Security-Policy in Chromium (issue 8, point 7)",
  () => {
    const live = useServerAndBrowser();

    it("lets the landing page, a feature page and the app shell run without a violation", async () => {
      const context = await live.browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.route(/youtube-nocookie\.com/, (route) =>
        route.fulfill({ contentType: "text/html", body: "<p>demo video</p>" }),
      );
      const page = await context.newPage();
      const violations = await watchViolations(page);
      try {
        const response = await page.goto(live.server.url);
        expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
        // Start the app (it starts on the first interaction) and open the demo video's frame.
        await page.getByRole("main").getByRole("button", { name: "Watch Demo" }).click();
        await page.locator("iframe").first().waitFor();
        await page.locator("html[data-app=ready]").waitFor();

        await page.goto(`${live.server.url}/features/audience-insights`);
        await page.mouse.move(10, 10);
        await page.locator("html[data-app=ready]").waitFor();
        await page.goto(`${live.server.url}/dashboard`);
        await page.locator("html[data-app=ready]").waitFor();
        await page.goto(`${live.server.url}/dev/mailbox`);
        await page.goto(`${live.server.url}/sandbox`);
        await page.waitForTimeout(300);
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  },
);
