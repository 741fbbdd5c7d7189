import { describe, expect, it } from "vitest";
import { setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { connectedPage } from "./support/composer.ts";
import { closeWithEscape } from "./support/dialogs.ts";

const SCREENSHOTS = process.env.COMPETITORS_SCREENSHOT_DIR;

describe.skipIf(!hasChromium())("Competitors (sandbox)", () => {
  const live = useServerAndBrowser({ template: "connected", timeoutMs: 150_000, accounts: 1 });

  it("@lena.makes beside two demo accounts: the Facebook Login switch, plan limits, adding, removing, at 1440 and 390 px", async () => {
    const { page, context, errors } = await connectedPage(live.browser, live.server.url, 1440);
    page.on("dialog", (dialog) => void dialog.accept());
    const url = live.server.url;

    // In the sidebar right after Post Performance.
    const nav = page.locator("aside").getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Competitors" }).waitFor();
    const labels = await nav.getByRole("link").allInnerTexts();
    expect(labels.indexOf("Competitors")).toBe(labels.indexOf("Post Performance") + 1);
    await nav.getByRole("link", { name: "Competitors" }).click();
    await page.waitForURL(`${url}/competitors`);

    // Instagram Login: why not, and the way to the switch.
    await page
      .getByText(/Business Discovery\) only to accounts connected through Facebook/)
      .waitFor();
    await page.getByRole("link", { name: "Switch to Facebook Login in Settings" }).click();
    await page.waitForURL(`${url}/settings#instagram-login`);
    await page.getByRole("button", { name: "Switch to Facebook Login" }).click();
    await page.waitForURL(/\/sandbox\/www\.facebook\.com\//);
    await page.getByRole("button", { name: /@lena\.makes/ }).click();
    await page.waitForURL(`${url}/settings`);
    await page.getByTestId("instagram-connected").getByText("Facebook Login (Page)").waitFor();

    // Free: locked, with the upgrade path the app uses elsewhere.
    await page.goto(`${url}/competitors`);
    await page.getByText("The Starter plan includes competitor tracking.").waitFor();
    await page.getByRole("button", { name: "See what Starter adds" }).click();
    const upgrade = page.getByRole("dialog", { name: "Upgrade your plan" });
    await upgrade.waitFor();
    await closeWithEscape(page, upgrade);

    await setPlan(page, "pro");
    const field = page.getByLabel("Instagram username");
    const track = page.getByRole("button", { name: "Track", exact: true });
    await field.fill("no.such.account.here");
    await track.click();
    await page.getByText(/personal accounts cannot be looked up/).waitFor();

    const table = page.getByTestId("comparison-table");
    await field.fill("kiln.and.kettle");
    await track.click();
    await table.getByText("@kiln.and.kettle").waitFor();
    await field.fill("@Harbor.Clayworks");
    await track.click();
    await table.getByText("@harbor.clayworks").waitFor();
    await table.getByText("@lena.makes").waitFor();
    await field.fill("kiln.and.kettle");
    await track.click();
    await page.getByText("You already track @kiln.and.kettle.").waitFor();
    // Four calls: the name not found, two competitors and the account itself.
    await expect
      .poll(() => page.getByTestId("discovery-spent").textContent())
      .toMatch(/^4\s*of 40/);
    await page.getByTestId("best-posts").waitFor();
    await page.getByTestId("hashtag-gaps").getByText("#kilnandkettle").waitFor();
    await page.getByRole("button", { name: "7 days" }).click();
    await expect(
      page.getByRole("button", { name: "7 days" }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/competitors-1440.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0);
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/competitors-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A smaller plan: the limit in the plan's words, the competitor over it paused.
    await setPlan(page, "starter");
    await page
      .getByTestId("competitor-limit")
      .getByText("The Starter plan can track up to 1 competitor. Upgrade to Pro to track up to 5.")
      .waitFor();
    await table.getByText(/Paused: the Starter plan can track up to 1 competitor/).waitFor();

    await page.getByRole("button", { name: "Stop tracking @harbor.clayworks" }).click();
    await expect.poll(() => table.getByText("@harbor.clayworks").count()).toBe(0);
    await page.getByText("1 of 1 competitors on the Starter plan").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
