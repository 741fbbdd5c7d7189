import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { closeWithEscape } from "./support/dialogs.ts";

/** Spec §2 app shell: the sidebar in this order, each item's path and the header's title. */
const SIDEBAR = [
  ["Dashboard", "/dashboard"],
  ["Audience Insights", "/audience-insights"],
  ["Post Performance", "/post-performance"],
  ["Competitors", "/competitors"],
  ["Content Scheduler", "/content-scheduler"],
  ["Reviews", "/reviews"],
  ["Messages", "/messages"],
  ["Mentions", "/mentions"],
  ["Trend Radar", "/trend-radar"],
  ["Press Radar", "/press-radar"],
  ["Reports", "/reports"],
  ["Settings", "/settings"],
] as const;
const UNPADDED = new Set(["/messages", "/content-scheduler"]);

describe.skipIf(!hasChromium())("the app shell in the browser", () => {
  const live = useServerAndBrowser();
  let sequence = 0;

  async function confirmationLink(email: string) {
    const { messages } = (await (await fetch(`${live.server.url}/api/dev/mailbox`)).json()) as {
      messages: { to: string; links: string[] }[];
    };
    const link = messages.find((m) => m.to === email)?.links[0];
    if (!link) throw new Error(`no e-mail to ${email}`);
    return link;
  }

  /** A new confirmed account, signed in through its e-mailed link in a fresh browser context. */
  async function signedIn(
    browser: Browser,
    options: { firstName?: string; lastName?: string; width?: number } = {},
  ): Promise<{ context: BrowserContext; page: Page; email: string }> {
    sequence += 1;
    const email = `shell-${Date.now()}-${sequence}@example.com`;
    const response = await fetch(`${live.server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: live.server.url },
      body: JSON.stringify({
        email,
        password: "ceramics2026",
        name: "x",
        firstName: options.firstName,
        lastName: options.lastName,
        callbackURL: "/auth/callback",
      }),
    });
    expect(response.status).toBe(200);
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(await confirmationLink(email));
    await page.waitForURL(`${live.server.url}/dashboard`);
    await expectTitle(page, "Dashboard");
    return { context, page, email };
  }

  /** Writes an inbox row for the signed-in user through the test-only route, like the sync will. */
  async function addInboxRow(page: Page, kind: "messages" | "comments") {
    const body =
      kind === "messages"
        ? {
            accountId: "acct-1",
            conversationId: "thread-1",
            businessIgsid: "biz-1",
            fromId: "fan-1",
          }
        : { accountId: "acct-1", igMediaId: "media-1", mediaOwnerId: "acct-1", userIgsid: "fan-2" };
    const status = await page.evaluate(
      async ([path, json]) => {
        const response = await fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(json),
        });
        return response.status;
      },
      [`/api/test/inbox/${kind}`, body] as const,
    );
    expect(status).toBe(201);
  }

  /** The header's title (the page's h1; pages themselves start at h2). */
  async function expectTitle(page: Page, title: string) {
    await expect.poll(() => page.locator("header h1").innerText()).toBe(title);
  }

  const mainNav = (page: Page) => page.locator("aside").getByRole("navigation", { name: "Main" });

  it("lists the pages in the spec's order, marks the current one, titles the header and pads the main area", async () => {
    const { context, page } = await signedIn(live.browser, { firstName: "Lena", lastName: "Park" });
    const links = mainNav(page).getByRole("link");
    await expect(links.allInnerTexts()).resolves.toEqual(SIDEBAR.map(([label]) => label));
    for (const [label, path] of SIDEBAR) {
      await mainNav(page).getByRole("link", { name: label }).click();
      await page.waitForURL(`${live.server.url}${path}`);
      await expectTitle(page, label);
      await expect(
        mainNav(page).getByRole("link", { name: label }).getAttribute("aria-current"),
      ).resolves.toBe("page");
      await expect(mainNav(page).locator("[aria-current=page]").count()).resolves.toBe(1);
      const padding = await page
        .locator("main")
        .evaluate((main) => Number.parseFloat(getComputedStyle(main).paddingTop));
      if (UNPADDED.has(path)) expect(padding, path).toBe(0);
      else expect(padding, path).toBeGreaterThan(0);
      await expect(page.title()).resolves.toBe(`${label} — Sightline`);
      // An honest page: never the not-found page, and no sample data.
      await expect(page.getByText("Page not found").count()).resolves.toBe(0);
    }
    // The logo goes to the dashboard.
    await page.getByRole("link", { name: "Sightline, go to the dashboard" }).first().click();
    await page.waitForURL(`${live.server.url}/dashboard`);
    // Press Radar has no unseen mentions to mark.
    await expect(mainNav(page).locator("[data-marker]").count()).resolves.toBe(0);

    // New opens the Create Instagram Post dialog.
    await page.getByRole("button", { name: "New" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Instagram Post" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(
      page.getByRole("button", { name: "Audience (coming soon)" }).isDisabled(),
    ).resolves.toBe(true);
    await context.close();
  });

  it("shows the display name and e-mail in the user menu, then logs out", async () => {
    const named = await signedIn(live.browser, { firstName: "Lena", lastName: "Park" });
    await named.page.getByRole("button", { name: "User menu" }).click();
    const menu = named.page.getByRole("menu");
    await expect(menu.getByTestId("user-display-name").innerText()).resolves.toBe("Lena Park");
    await expect(menu.getByTestId("user-email").innerText()).resolves.toBe(named.email);
    await menu.getByRole("menuitem", { name: "Settings" }).click();
    await named.page.waitForURL(`${live.server.url}/settings`);
    await expectTitle(named.page, "Settings");

    await named.page.getByRole("button", { name: "User menu" }).click();
    await named.page.getByRole("menuitem", { name: "Log out" }).click();
    await named.page.getByText("Logged out").waitFor();
    await named.page.waitForURL(`${live.server.url}/`);
    await named.page.goto(`${live.server.url}/dashboard`);
    await named.page.waitForURL(`${live.server.url}/`);
    await named.context.close();

    // Without a name: the part of the e-mail before the @.
    const unnamed = await signedIn(live.browser);
    await unnamed.page.getByRole("button", { name: "User menu" }).click();
    await expect(unnamed.page.getByTestId("user-display-name").innerText()).resolves.toBe(
      unnamed.email.split("@")[0],
    );
    await unnamed.context.close();
  });

  it("opens the sidebar as a drawer on a phone and keeps the header usable at 360 px", async () => {
    for (const width of [390, 360]) {
      const { context, page } = await signedIn(live.browser, { width });
      await expect(page.locator("aside").isVisible()).resolves.toBe(false);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      for (const name of ["Open menu", "New", "Notifications", "User menu"]) {
        await expect(
          page.getByRole("button", { name, exact: true }).isVisible(),
          name,
        ).resolves.toBe(true);
      }
      await page.getByRole("button", { name: "Open menu" }).click();
      const drawer = page.getByRole("dialog", { name: "Menu" });
      await expect(drawer.getByRole("link").allInnerTexts()).resolves.toEqual([
        "Sightline",
        ...SIDEBAR.map(([label]) => label),
      ]);
      await drawer.getByRole("link", { name: "Messages" }).click();
      await page.waitForURL(`${live.server.url}/messages`);
      await expectTitle(page, "Messages");
      await drawer.waitFor({ state: "detached" });
      await context.close();
    }
  });

  it("puts a dot on the bell when a message or comment arrives, clears it when opened, and remembers across reloads", async () => {
    const { context, page } = await signedIn(live.browser);
    const bell = page.getByRole("button", { name: /^Notifications/ });
    const dot = page.getByTestId("notifications-dot");
    await expect(dot.count()).resolves.toBe(0);
    await bell.click();
    await page.getByRole("menu").getByText("No new notifications").waitFor();
    await closeWithEscape(page, page.getByRole("menu"));

    // A new inbound message while the page is open: the live event (/api/realtime) shows the dot
    // at once. Right after a poll the next one is 10 s away, so only the live path can be this fast.
    await page.waitForResponse((response) => response.url().endsWith("/api/notifications"));
    await addInboxRow(page, "messages");
    await dot.waitFor({ timeout: 3_000 });
    await bell.click();
    const entry = page.getByRole("menuitem", { name: /1 new message/ });
    await entry.waitFor();
    await expect(entry.getAttribute("href")).resolves.toBe("/messages");
    await expect(dot.count()).resolves.toBe(0);
    await closeWithEscape(page, page.getByRole("menu"));

    // Seen survives a reload: the message is still counted by the server, but not new.
    await page.reload();
    await expectTitle(page, "Dashboard");
    await page.waitForResponse((response) => response.url().endsWith("/api/notifications"));
    await page.waitForTimeout(300);
    await expect(dot.count()).resolves.toBe(0);
    await bell.click();
    await page.getByRole("menu").getByText("No new notifications").waitFor();
    await closeWithEscape(page, page.getByRole("menu"));

    // A comment by someone else on the user's post: the dot again, live; its entry goes to posts.
    await page.waitForResponse((response) => response.url().endsWith("/api/notifications"));
    await addInboxRow(page, "comments");
    await dot.waitFor({ timeout: 3_000 });
    await bell.click();
    await page.getByRole("menuitem", { name: /1 new comment/ }).click();
    await page.waitForURL(`${live.server.url}/post-performance`);
    await expect(dot.count()).resolves.toBe(0);
    const stored = await page.evaluate(() => localStorage.getItem("sightline.seen-timestamps"));
    expect(Object.keys(JSON.parse(stored ?? "{}")).sort()).toEqual(["comments", "messages"]);
    await context.close();
  });
});
