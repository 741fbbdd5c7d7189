import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

describe.skipIf(!hasChromium())("analytics pages (sandbox)", () => {
  const live = useServerAndBrowser();

  it("shows the API's followers on the dashboard and the top reach first when sorted", async () => {
    const { page, context, errors } = await signedInPage(live.browser, live.server.url, {
      prefix: "analytics",
      width: 1280,
    });
    await page.goto(`${live.server.url}/settings`);
    await page.getByRole("button", { name: "Connect with Instagram" }).click();
    await page.waitForURL(/\/sandbox\/www\.instagram\.com\/oauth\/authorize/);
    await page.getByRole("button", { name: /@lena\.makes/ }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    await page.getByTestId("instagram-connected").waitFor();

    await page.goto(`${live.server.url}/dashboard`);
    const followers = page.getByTestId("kpi-followers");
    await followers.waitFor();
    const overview = await page.evaluate(async () => {
      const response = await fetch("/api/analytics/overview?days=28");
      return (await response.json()) as { kpis: { followers: { value: number | null } } };
    });
    const value = overview.kpis.followers.value;
    expect(value).not.toBeNull();
    await expect(followers.locator("[data-value]").getAttribute("data-value")).resolves.toBe(
      String(value),
    );

    await page.goto(`${live.server.url}/post-performance`);
    await page.getByRole("button", { name: "Reach" }).click();
    await page.locator('th[aria-sort="descending"]', { hasText: "Reach" }).waitFor();
    const first = await page.evaluate(async () => {
      const response = await fetch("/api/analytics/posts?sort=reach&order=desc&limit=1");
      return (await response.json()) as { items: Array<{ reach: number | null }> };
    });
    const reach = first.items[0]?.reach;
    expect(reach).toBeTypeOf("number");
    const shown = await page.evaluate((n) => new Intl.NumberFormat().format(n), reach as number);
    await expect
      .poll(() => page.getByTestId("post-row").first().locator('[data-col="reach"]').textContent())
      .toBe(shown);
    expect(errors).toEqual([]);
    await context.close();
  });
});
