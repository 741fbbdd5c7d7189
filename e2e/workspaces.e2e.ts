import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_PASSWORD, latestLinkFor, setPlan, signedInPage } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { COMPOSER_TEST_TIMEOUT_MS, connectedPage, makePng } from "./support/composer.ts";
import { closeWithEscape } from "./support/dialogs.ts";

/** Screenshots to look at (issue 29: 1440 and 390 px), kept out of the repository. */
const shots = process.env.E2E_SCREENSHOTS ?? "";
async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

async function openSwitcher(page: Page) {
  await page.getByRole("button", { name: "User menu" }).click();
  const switcher = page.getByTestId("workspace-switcher");
  await switcher.waitFor();
  return switcher;
}

describe.skipIf(!hasChromium())("workspaces: invite, accept, switch (issue 29)", () => {
  // The two tests that need @lena.makes connected take one of the accounts global setup connected
  // and synced (connecting is instagram-connection.e2e.ts's subject, not this file's).
  const live = useServerAndBrowser({ template: "connected", accounts: 2 });

  it(
    "an owner invites an analyst who joins, sees the shared account and no Publish",
    async () => {
      const url = live.server.url;
      // An account with @lena.makes connected and synced: one of the connected template's.
      const owner = await connectedPage(live.browser, url, 1440);
      // Team members are Premium's (issue 30).
      await setPlan(owner.page, "premium");
      const invitee = `analyst-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

      // The owner invites by e-mail from Settings → Team.
      await owner.page.goto(`${url}/settings#team`);
      const team = owner.page.locator("#team");
      await team.getByLabel("E-mail address").fill(invitee);
      await team.getByRole("radio", { name: /Analyst/ }).check();
      await team.getByRole("button", { name: "Send invitation" }).click();
      await team.getByTestId("team-invitation").filter({ hasText: invitee }).waitFor();
      await owner.page.locator("#audit").getByText("member invited").first().waitFor();
      await shot(owner.page, "team-1440");
      const switcher = await openSwitcher(owner.page);
      await shot(owner.page, "switcher-1440");
      await closeWithEscape(owner.page, switcher);
      const invitation = await latestLinkFor(url, invitee);
      expect(new URL(invitation).pathname).toBe("/invitations/accept");

      // The invitee signs up (a new account, verified through its e-mail link)...
      await fetch(`${url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({
          email: invitee,
          password: E2E_PASSWORD,
          name: "x",
          firstName: "Ana",
          lastName: "Lyst",
          callbackURL: "/auth/callback",
        }),
      });
      const context = await live.browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(await latestLinkFor(url, invitee));
      await page.waitForURL(`${url}/dashboard`);

      // ...opens the invitation's link and accepts it.
      await page.goto(invitation);
      const heading = page.getByRole("heading", { name: /^Join .+ as Analyst$/ });
      await heading.waitFor();
      await shot(page, "invitation-390");
      await page.getByRole("button", { name: "Accept invitation" }).click();
      await page.waitForURL(`${url}/dashboard`);

      // The owner's workspace is open: the shared account's dashboard, and no New button.
      await page.getByTestId("kpi-followers").waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.getByRole("button", { name: "New", exact: true }).count())
        .toBe(0);

      // The switcher lists both workspaces; the personal one has no account connected.
      let menu = await openSwitcher(page);
      await shot(page, "switcher-390");
      const items = menu.getByRole("menuitem");
      await expect.poll(() => items.count()).toBe(3);
      await menu.getByRole("menuitem", { name: /Personal/ }).click();
      await page.getByRole("heading", { name: "Connect Instagram to Get Started" }).waitFor();
      // In their own workspace they are the owner: New is there.
      await page.getByRole("button", { name: "New", exact: true }).waitFor();

      menu = await openSwitcher(page);
      await menu.getByRole("menuitem", { name: /Analyst/ }).click();
      await page.getByTestId("kpi-followers").waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.getByRole("button", { name: "New", exact: true }).count())
        .toBe(0);

      // A reload keeps the open workspace.
      await page.reload();
      await page.getByTestId("kpi-followers").waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.getByRole("button", { name: "New", exact: true }).count())
        .toBe(0);

      // The analyst's Team: members listed, no invite form, Leave offered.
      await page.goto(`${url}/settings#team`);
      const analystTeam = page.locator("#team");
      await analystTeam.getByTestId("team-member").filter({ hasText: owner.email }).waitFor();
      expect(await analystTeam.getByRole("button", { name: "Send invitation" }).count()).toBe(0);
      await analystTeam.getByRole("button", { name: "Leave workspace" }).waitFor();
      expect(await page.locator("#audit").count()).toBe(0);
      await shot(page, "team-analyst-390");

      // The owner sees the new member.
      await owner.page.reload();
      await team.getByTestId("team-member").filter({ hasText: invitee }).waitFor();
      if (shots) {
        await owner.page.setViewportSize({ width: 390, height: 844 });
        await shot(owner.page, "team-390");
        await owner.page.setViewportSize({ width: 1440, height: 900 });
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.goto(invitation);
        await page.getByRole("heading", { name: "This invitation cannot be used" }).waitFor();
        await shot(page, "invitation-used-1440");
      }

      expect(errors).toEqual([]);
      expect(owner.errors).toEqual([]);
      await context.close();
      await owner.context.close();
    },
    COMPOSER_TEST_TIMEOUT_MS * 2,
  );
  it(
    "two accounts in one workspace: the header's switcher adds one and changes every page, the address keeps it",
    async () => {
      const url = live.server.url;
      const { page, context, errors } = await connectedPage(live.browser, url, 1440);
      // A second account needs Pro (issue 30).
      await setPlan(page, "pro");

      // "Connect another account" from the switcher: Meta's page, another account, back.
      await page.goto(`${url}/dashboard`);
      const switcher = page.getByTestId("account-switcher");
      await expect
        .poll(() => switcher.getAttribute("aria-label"))
        .toBe("Instagram account: @lena.makes");
      await switcher.click();
      await page.getByRole("link", { name: "Connect another account" }).click();
      await page.waitForURL(/\/sandbox\/www\.instagram\.com\/oauth\/authorize/);
      await page.getByRole("button", { name: /@northfield\.coffee/ }).click();
      await page.waitForURL((address) => address.pathname === "/settings");
      await page.getByTestId("instagram-connected").waitFor({ timeout: 150_000 });
      const accounts = (await page.evaluate(async () => {
        const response = await fetch("/api/instagram/connections");
        return response.json();
      })) as {
        connections: Array<{
          instagram_id: string;
          instagram_username: string;
          followers_count: number;
        }>;
      };
      expect(accounts.connections.map((account) => account.instagram_username)).toEqual([
        "lena.makes",
        "northfield.coffee",
      ]);
      const [lena, northfield] = accounts.connections as [
        (typeof accounts.connections)[0],
        (typeof accounts.connections)[0],
      ];
      // The account just added is the one the app goes on with, named in the address.
      expect(new URL(page.url()).searchParams.get("account")).toBe(northfield.instagram_id);
      await expect
        .poll(() => switcher.getAttribute("aria-label"))
        .toBe("Instagram account: @northfield.coffee");

      const followersShown = async (account: { followers_count: number }) =>
        page.evaluate((n) => new Intl.NumberFormat().format(n), account.followers_count);
      const nav = page.locator("aside").getByRole("navigation", { name: "Main" });
      await nav.getByRole("link", { name: "Audience Insights" }).click();
      // The sidebar's link names no account: the address gets the selected one added.
      await page.waitForURL(
        (address) =>
          address.pathname === "/audience-insights" &&
          address.searchParams.get("account") === northfield.instagram_id,
      );
      await expect
        .poll(() => page.getByTestId("followers-now").textContent(), { timeout: 60_000 })
        .toBe(await followersShown(northfield));
      await shot(page, "accounts-audience-1440");

      // Switching: the same page reads the other account, and the address says which.
      await switcher.click();
      const menu = page.getByRole("list").filter({ hasText: "@lena.makes" });
      await shot(page, "account-switcher-1440");
      await menu.getByRole("button", { name: /@lena\.makes/ }).click();
      await page.waitForURL((address) => address.searchParams.get("account") === lena.instagram_id);
      await expect
        .poll(() => page.getByTestId("followers-now").textContent(), { timeout: 60_000 })
        .toBe(await followersShown(lena));
      // A reload keeps it.
      await page.reload();
      await expect
        .poll(() => page.getByTestId("followers-now").textContent(), { timeout: 60_000 })
        .toBe(await followersShown(lena));
      await expect
        .poll(() => switcher.getAttribute("aria-label"))
        .toBe("Instagram account: @lena.makes");
      if (shots) {
        await page.setViewportSize({ width: 390, height: 844 });
        await switcher.click();
        await shot(page, "account-switcher-390");
        await page.keyboard.press("Escape");
        await page.setViewportSize({ width: 1440, height: 900 });
      }

      // All accounts on the dashboard: both side by side, each with its own followers; choosing
      // one opens its own dashboard.
      await page.goto(`${url}/dashboard`);
      await page.getByRole("button", { name: "All accounts" }).click();
      const rows = page.getByTestId("all-accounts-row");
      await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(2);
      for (const account of [lena, northfield]) {
        const row = rows.filter({ hasText: `@${account.instagram_username}` });
        await row.getByText(await followersShown(account), { exact: true }).waitFor();
      }
      // One account's cards (its scheduled posts, its unanswered messages) are not shown here,
      // where they would read as every account's.
      expect(await page.getByRole("heading", { name: "Waiting for your reply" }).count()).toBe(0);
      await shot(page, "all-accounts-1440");
      if (shots) {
        await page.setViewportSize({ width: 390, height: 844 });
        await shot(page, "all-accounts-390");
        await page.setViewportSize({ width: 1440, height: 900 });
      }
      await rows
        .filter({ hasText: "@northfield.coffee" })
        .getByRole("button", { name: /@northfield\.coffee/ })
        .click();
      await page.waitForURL(
        (address) =>
          address.searchParams.get("account") === northfield.instagram_id &&
          !address.searchParams.has("view"),
      );
      await expect
        .poll(() => switcher.getAttribute("aria-label"))
        .toBe("Instagram account: @northfield.coffee");
      await page.getByTestId("period-text").waitFor();
      await page.getByRole("heading", { name: "Waiting for your reply" }).waitFor();

      // Back on Free (issue 30): both accounts stay; the one over the plan's single account is
      // paused with the reason, and a click keeps it active, pausing the other instead.
      await setPlan(page, "free");
      await page.goto(`${url}/settings?account=${northfield.instagram_id}`);
      const paused = page.getByTestId("account-paused");
      await paused
        .getByText(
          "Paused: the Free plan can connect up to 1 Instagram account. It is not synced or published to; its history stays.",
        )
        .waitFor();
      await shot(page, "account-paused-1440");
      await paused.getByRole("button", { name: "Keep this account active" }).click();
      await paused.waitFor({ state: "hidden" });
      await switcher.click();
      await page
        .getByRole("list")
        .filter({ hasText: "@lena.makes" })
        .getByRole("button", { name: /@lena\.makes/ })
        .getByText("Paused: over the plan's accounts")
        .waitFor();
      await page.keyboard.press("Escape");
      expect(errors).toEqual([]);
      await context.close();
    },
    COMPOSER_TEST_TIMEOUT_MS * 2,
  );
  it(
    "a connect link: the client connects their account without an account of their own, once",
    async () => {
      const url = live.server.url;
      const owner = await signedInPage(live.browser, url, { prefix: "agency", width: 1440 });
      const client = `client-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

      // Settings → Instagram → Connect links: for whom, e-mailed.
      await owner.page.goto(`${url}/settings#connect-links`);
      const panel = owner.page.getByTestId("connect-links");
      await panel.getByLabel("For (optional)").fill("Northfield Coffee");
      await panel.getByLabel("E-mail it to (optional)").fill(client);
      await panel.getByRole("button", { name: "Create a connect link" }).click();
      const shown = panel.getByTestId("new-connect-link").getByRole("textbox");
      await shown.waitFor();
      const link = await shown.inputValue();
      expect(link).toBe(await latestLinkFor(url, client));
      await panel.getByTestId("connect-link").filter({ hasText: "Waiting" }).waitFor();
      await shot(owner.page, "connect-links-1440");

      // The client, signed out on a phone, opens the e-mailed link and goes through Meta.
      const context = await live.browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(link);
      await page.getByRole("heading", { name: "Connect your Instagram account" }).waitFor();
      await page.getByText("This link was made for Northfield Coffee.").waitFor();
      await shot(page, "connect-link-390");
      await page.getByRole("button", { name: "Continue with Instagram" }).click();
      await page.waitForURL(/\/sandbox\/www\.instagram\.com\/oauth\/authorize/);
      await page.getByRole("button", { name: /@northfield\.coffee/ }).click();
      await page.getByRole("heading", { name: "@northfield.coffee is connected" }).waitFor();
      await shot(page, "connect-link-done-390");
      // They joined nothing: the app sends a signed-out visitor home.
      await page.goto(`${url}/dashboard`);
      await page.waitForURL(`${url}/`);
      // The link worked once.
      await page.goto(link);
      await page.getByRole("heading", { name: "This link does not work" }).waitFor();
      expect(errors).toEqual([]);
      await context.close();

      // The agency's logo (for client reports), from Settings → Team.
      const team = owner.page.locator("#team");
      await team.locator('input[type="file"]').setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: await makePng(owner.page, "#7c3aed", 256, 256),
      });
      await team.getByRole("img", { name: /^The logo of / }).waitFor();
      await team.getByText("Replace", { exact: true }).waitFor();
      if (shots) await team.screenshot({ path: path.join(shots, "team-logo-1440.png") });

      // The agency sees the account in its switcher, and the link as used.
      await panel
        .getByTestId("connect-link")
        .filter({ hasText: "Connected @northfield.coffee" })
        .waitFor({ timeout: 30_000 });
      const switcher = owner.page.getByTestId("account-switcher");
      await expect
        .poll(() => switcher.getAttribute("aria-label"), { timeout: 30_000 })
        .toBe("Instagram account: @northfield.coffee");
      if (shots) {
        // A phone's header: the page title in two lines beside the switcher and the menus.
        await owner.page.setViewportSize({ width: 390, height: 844 });
        for (const page of ["audience-insights", "content-scheduler"]) {
          await owner.page.goto(`${url}/${page}`);
          await owner.page.locator("header h1").waitFor();
          await owner.page
            .locator("header")
            .first()
            .screenshot({ path: path.join(shots, `header-${page}-390.png`) });
        }
      }
      expect(owner.errors).toEqual([]);
      await owner.context.close();
    },
    COMPOSER_TEST_TIMEOUT_MS,
  );
});
