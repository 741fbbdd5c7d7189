import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

describe.skipIf(!hasChromium())("Press Radar and Trend Radar (sandbox)", () => {
  // The machine is shared: give the server longer to boot than the default minute.
  const live = useServerAndBrowser({ timeoutMs: 150_000 });

  it("a sample source and a keyword bring mentions and the sidebar dot; opening the page clears it in every tab", async () => {
    const { page, context, errors } = await signedInPage(live.browser, live.server.url, {
      prefix: "press",
      width: 1280,
    });
    // A second tab of the same session stays on the dashboard.
    const other = await context.newPage();
    await other.goto(`${live.server.url}/dashboard`);
    const otherDot = other
      .getByRole("navigation")
      .getByRole("link", { name: /Press Radar/ })
      .locator("[data-marker]");

    await page.goto(`${live.server.url}/press-radar`);
    await page.getByText("No mentions yet.").waitFor();
    await page.getByLabel("New keyword").fill("Northfield");
    await page.getByLabel("Leave out mentions that contain").fill("city council");
    await page.getByRole("button", { name: "Add keyword" }).click();
    await page
      .getByRole("list", { name: "Your keywords" })
      .getByText("Not with: city council")
      .waitFor();

    // A refusal is shown at the field and nothing is added.
    await page.getByLabel("Feed address").fill("http://169.254.169.254/latest/meta-data/");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("private or local network").waitFor();

    await page.getByRole("button", { name: "Add Northfield Daily Ledger" }).click();
    await page
      .getByRole("list", { name: "Your sources" })
      .getByText("Northfield Daily Ledger")
      .waitFor();
    await expect.poll(() => page.getByTestId("mention").count(), { timeout: 20_000 }).toBe(2);
    const mentions = page.getByTestId("mention");
    await expect(mentions.allTextContents()).resolves.not.toContain(
      expect.stringContaining("city council debates"),
    );
    await mentions
      .filter({ hasText: "wins regional roasting award" })
      .getByText("Positive")
      .waitFor();
    await mentions.filter({ hasText: "late coffee subscriptions" }).getByText("Negative").waitFor();
    await expect(mentions.first().locator("mark").first().textContent()).resolves.toMatch(
      /Northfield/i,
    );

    // The new mentions put the dot on Press Radar, live, in both tabs.
    await otherDot.waitFor({ timeout: 15_000 });
    const ownDot = page
      .getByRole("navigation")
      .getByRole("link", { name: /Press Radar/ })
      .locator("[data-marker]");
    await ownDot.waitFor();

    // Filters: tone.
    await page.getByLabel("Tone").selectOption("negative");
    await expect.poll(() => page.getByTestId("mention").count()).toBe(1);
    await page.getByLabel("Tone").selectOption("");

    // Opening the page marks them seen: the dot clears here and in the other tab.
    await page
      .getByRole("navigation")
      .getByRole("link", { name: /Dashboard/ })
      .click();
    await page.waitForURL(`${live.server.url}/dashboard`);
    await page
      .getByRole("navigation")
      .getByRole("link", { name: /Press Radar/ })
      .click();
    await page.waitForURL(`${live.server.url}/press-radar`);
    await expect.poll(() => ownDot.count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => otherDot.count(), { timeout: 15_000 }).toBe(0);

    // Muting the source hides its mentions; unmuting brings them back.
    const sources = page.getByRole("list", { name: "Your sources" });
    await sources.getByRole("button", { name: "Mute Northfield Daily Ledger" }).click();
    await sources.getByText("Muted").waitFor();
    await expect.poll(() => page.getByTestId("mention").count()).toBe(0);
    await sources.getByRole("button", { name: "Unmute Northfield Daily Ledger" }).click();
    await expect.poll(() => page.getByTestId("mention").count(), { timeout: 20_000 }).toBe(2);

    // At phone width nothing runs off the side of the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("tracks a hashtag and shows its numbers", async () => {
    const { page, context, errors } = await signedInPage(live.browser, live.server.url, {
      prefix: "trend",
      width: 1280,
    });
    // Hashtag search is offered only through Facebook Login.
    await page.goto(`${live.server.url}/settings`);
    await page.getByRole("button", { name: "Connect with Facebook" }).click();
    await page.waitForURL(/\/sandbox\/www\.facebook\.com\//);
    await page.getByRole("button", { name: /@northfield\.coffee/ }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    await page.getByTestId("instagram-connected").waitFor();

    await page.goto(`${live.server.url}/trend-radar`);
    await page.getByTestId("budget-remaining").getByText("30").waitFor();
    await page.getByLabel("Hashtag", { exact: true }).fill("#Coffee");
    await page.getByRole("button", { name: "Track", exact: true }).click();
    const card = page.getByTestId("tracked-hashtag").filter({ hasText: "#coffee" });
    await card.getByTestId("trend-label").waitFor({ timeout: 30_000 });
    await expect(card.getByTestId("trend-label").textContent()).resolves.toMatch(
      /Rising|Steady|Cooling/,
    );
    await card.getByText("Posts, last 24 h").waitFor();
    await card.getByText("Median engagement").waitFor();
    await expect(card.getByTestId("trend-reason").textContent()).resolves.toMatch(
      /posts in the last 12 h/,
    );
    await expect(
      card.getByRole("list", { name: "Top posts for #coffee" }).getByRole("img").count(),
    ).resolves.toBeGreaterThan(0);
    await page.getByTestId("budget-remaining").getByText("29").waitFor();
    await page.getByRole("heading", { name: "Hashtags of your best posts" }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
