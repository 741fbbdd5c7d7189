import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage as signInNewAccount } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

const SCREENSHOT_DIR = process.env.INSTAGRAM_SCREENSHOT_DIR;
const GUARD_TITLE = "Connect Instagram to Get Started";
const GUARD_TEXT =
  "Connect your Instagram Business account to view post performance analytics, audience insights, and manage your messages.";
const CANCEL_MESSAGE = "You cancelled the connection on Instagram's page. Nothing was connected.";

describe.skipIf(!hasChromium())("connecting Instagram in the browser (sandbox)", () => {
  const live = useServerAndBrowser();

  const signedInPage = (browser: Browser, width = 1280) =>
    signInNewAccount(browser, live.server.url, { prefix: "instagram", width });

  async function openSettings(page: Page) {
    await page.goto(`${live.server.url}/settings`);
    await page.getByRole("heading", { name: "Instagram", level: 2 }).waitFor();
  }

  async function screenshot(page: Page, name: string) {
    if (!SCREENSHOT_DIR) return;
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
  }

  it("guards the Instagram pages, connects with Instagram Login, and disconnects", async () => {
    const { page, context, errors } = await signedInPage(live.browser);
    await page.goto(`${live.server.url}/post-performance`);
    await page.getByRole("heading", { name: GUARD_TITLE }).waitFor();
    await page.getByText(GUARD_TEXT).waitFor();
    await expect(
      page.getByRole("link", { name: "Go to Settings" }).getAttribute("href"),
    ).resolves.toBe("/settings?connect=instagram");

    await openSettings(page);
    const section = page.getByTestId("instagram-section");
    await section.getByRole("button", { name: "Connect with Instagram" }).click();
    await page.waitForURL(/\/sandbox\/www\.instagram\.com\/oauth\/authorize/);
    await page.getByRole("button", { name: /@lena\.makes/ }).click();

    // Back through /auth/instagram/callback, to Settings, connected, with no reload by hand.
    await page.waitForURL(`${live.server.url}/settings`);
    await section.getByText("Instagram connected").waitFor();
    const connected = page.getByTestId("instagram-connected");
    await connected.getByText("@lena.makes", { exact: true }).waitFor();
    await connected.getByText("Instagram Login").waitFor();
    await connected.getByText("Connected", { exact: true }).first().waitFor();
    await expect(
      page.getByTestId("instagram-permissions").getByRole("listitem").count(),
    ).resolves.toBeGreaterThan(0);

    await page.goto(`${live.server.url}/post-performance`);
    await page.getByLabel("Search captions").waitFor();
    await expect(page.getByText(GUARD_TITLE).count()).resolves.toBe(0);

    await openSettings(page);
    await page.getByTestId("instagram-connected").waitFor();
    await page.getByRole("button", { name: "Disconnect" }).click();
    const dialog = page.getByRole("dialog");
    const keep = dialog.getByLabel("Keep the history of posts published through Sightline");
    await expect(keep.isChecked()).resolves.toBe(true);
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await page.getByText("Instagram disconnected").waitFor();
    await section.getByRole("button", { name: "Connect with Instagram" }).waitFor();
    await page.goto(`${live.server.url}/post-performance`);
    await page.getByRole("heading", { name: GUARD_TITLE }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("connects through Facebook Login with the Page that links @northfield.coffee", async () => {
    const { page, context, errors } = await signedInPage(live.browser);
    await openSettings(page);
    await page.getByRole("button", { name: "Connect with Facebook" }).click();
    await page.waitForURL(/\/sandbox\/www\.facebook\.com\//);
    await page.getByRole("button", { name: /@northfield\.coffee/ }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    const connected = page.getByTestId("instagram-connected");
    await connected.getByText("@northfield.coffee", { exact: true }).waitFor();
    await connected.getByText("Facebook Login (Page)").waitFor();
    await connected.getByText("Does not expire").waitFor();
    await page.goto(`${live.server.url}/messages`);
    // Past the Instagram guard: the inbox's conversation list, not the connect card.
    await page.getByRole("region", { name: "Conversations", exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("comes back to Settings with the cancel message when the consent page is cancelled", async () => {
    const { page, context, errors } = await signedInPage(live.browser);
    // The guard's button: Settings with ?connect=instagram starts Instagram Login by itself.
    await page.goto(`${live.server.url}/audience-insights`);
    await page.getByRole("link", { name: "Go to Settings" }).click();
    await page.waitForURL(/\/sandbox\/www\.instagram\.com\/oauth\/authorize/);
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    const notice = page.getByTestId("instagram-notice");
    await notice.getByText(CANCEL_MESSAGE).waitFor();
    await page.getByRole("button", { name: "Connect with Instagram" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Trend Radar's banner leads to the login switch; switching to Facebook Login and back keeps the history, another account is refused", async () => {
    const { page, context, errors } = await signedInPage(live.browser);
    await openSettings(page);
    await page.getByRole("button", { name: "Connect with Instagram" }).click();
    await page.getByRole("button", { name: /@oona\.bakes/ }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    const connected = page.getByTestId("instagram-connected");
    await connected.getByText("Instagram Login").waitFor();

    type Stored = { posts: string[]; synced: string | null; id: string; login: string };
    const stored = () =>
      page.evaluate(async (): Promise<Stored> => {
        const { connection } = (await (await fetch("/api/instagram/connection")).json()) as {
          connection: { id: string; login: string; last_synced_at: string | null };
        };
        const { items } = (await (await fetch("/api/analytics/posts?limit=100")).json()) as {
          items: Array<{ igMediaId: string }>;
        };
        return {
          posts: items.map((item) => item.igMediaId).sort(),
          synced: connection.last_synced_at,
          id: connection.id,
          login: connection.login,
        };
      });
    await expect.poll(async () => (await stored()).synced, { timeout: 60_000 }).not.toBeNull();
    const before = await stored();
    expect(before.posts.length).toBeGreaterThan(0);

    // Trend Radar says why and links straight to the switch, scrolled to and focused.
    await page.goto(`${live.server.url}/trend-radar`);
    await page
      .getByText(/hashtag search only to accounts connected through Facebook Login/)
      .waitFor();
    await page.getByRole("link", { name: "Switch to Facebook Login in Settings" }).click();
    await page.waitForURL(`${live.server.url}/settings#instagram-login`);
    const switchButton = page.getByRole("button", { name: "Switch to Facebook Login" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe("instagram-login");
    await expect(switchButton.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // Sections above it may still grow as they load; the page keeps the control in view.
    await expect
      .poll(async () => {
        const box = (await switchButton.boundingBox())!;
        return box.y >= 0 && box.y + box.height <= 900;
      })
      .toBe(true);

    // Another account on Facebook's page: refused, still @oona.bakes through Instagram Login.
    await switchButton.click();
    await page.waitForURL(/\/sandbox\/www\.facebook\.com\//);
    await page.getByRole("button", { name: /@northfield\.coffee/ }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    await page
      .getByTestId("instagram-notice")
      .getByText(/you are still connected to @oona\.bakes as before/)
      .waitFor();
    await connected.getByText("@oona.bakes", { exact: true }).waitFor();
    await connected.getByText("Instagram Login").waitFor();
    expect(await stored()).toEqual(before);

    // The same account: Facebook Login now, the same connection and every post kept.
    await page.getByRole("button", { name: "Switch to Facebook Login" }).click();
    await page.waitForURL(/\/sandbox\/www\.facebook\.com\//);
    await page.getByRole("button", { name: /@oona\.bakes/ }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    await connected.getByText("Facebook Login (Page)").waitFor();
    const afterSwitch = await stored();
    expect(afterSwitch).toMatchObject({ id: before.id, login: "facebook", posts: before.posts });
    await page.goto(`${live.server.url}/trend-radar`);
    await page.getByRole("button", { name: "Sample now" }).waitFor();
    await expect(
      page.getByText(/only to accounts connected through Facebook Login/).count(),
    ).resolves.toBe(0);

    // And back to Instagram Login, still the same history.
    await openSettings(page);
    await page.getByRole("button", { name: "Switch to Instagram Login" }).click();
    await page.waitForURL(/\/sandbox\/www\.instagram\.com\//);
    await page.getByRole("button", { name: /@oona\.bakes/ }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    await connected.getByText("Instagram Login").waitFor();
    expect(await stored()).toMatchObject({
      id: before.id,
      login: "instagram",
      posts: before.posts,
    });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it.skipIf(!SCREENSHOT_DIR)("looks right at 1280 and 390 px (screenshots)", async () => {
    for (const width of [1280, 390]) {
      const { page, context } = await signedInPage(live.browser, width);
      await page.goto(`${live.server.url}/post-performance`);
      await page.getByRole("heading", { name: GUARD_TITLE }).waitFor();
      await screenshot(page, `guard-${width}`);
      await openSettings(page);
      await page.getByRole("button", { name: "Connect with Instagram" }).waitFor();
      await page.locator("#instagram").scrollIntoViewIfNeeded();
      await screenshot(page, `settings-not-connected-${width}`);
      await page.getByRole("button", { name: "Connect with Instagram" }).click();
      await page.getByRole("button", { name: /@lena\.makes/ }).click();
      await page.getByTestId("instagram-connected").waitFor();
      await page.locator("#instagram").screenshot({
        path: `${SCREENSHOT_DIR}/settings-connected-${width}.png`,
      });
      await screenshot(page, `settings-connected-page-${width}`);
      await page.getByRole("button", { name: "Disconnect" }).click();
      await page.getByRole("dialog").waitFor();
      await screenshot(page, `disconnect-dialog-${width}`);
      await context.close();
    }
  });
});
