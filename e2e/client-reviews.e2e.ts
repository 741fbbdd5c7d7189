import { describe, expect, it } from "vitest";
import { E2E_PASSWORD, latestLinkFor, setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { COMPOSER_TEST_TIMEOUT_MS, connectedPage } from "./support/composer.ts";
import { closeWithEscape } from "./support/dialogs.ts";
import { inviteMember, makePost } from "./support/team.ts";

const SCREENSHOT_DIR = process.env.CLIENT_REVIEWS_SCREENSHOT_DIR;

/*
 * The Client's page in the app (issue 33 points 1, 3 and 6; decision 037 addendum), one flow on
 * one server: the owner invites a client and sends two posts for approval; the client joins,
 * signs in and lands on Reviews (no dashboard, no pages they cannot open), sees the posts as they
 * will look and the bell's count of them, approves one, and the count drops.
 */
describe.skipIf(!hasChromium())("a client's Reviews page and bell", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 1 });

  it(
    "signs in to Reviews, sees the waiting posts, approves one, and the bell count drops",
    async () => {
      const url = live.server.url;
      const owner = await connectedPage(live.browser, url, 1440);
      await setPlan(owner.page, "premium", { reload: false });
      const invitee = `client-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      // The invitation and two posts sent for approval, through the API (the composer's own
      // sending is in approvals.e2e.ts).
      await inviteMember(owner.page, invitee, "client");
      for (const [caption, inHours] of [
        ["Spring menu: our new cold brew, for Clara's approval", 3],
        ["Weekend brunch at the roastery", 5],
      ] as const) {
        await makePost(owner.page, {
          caption,
          inHours,
          hashtags: ["coldbrew"],
          path: "/api/approvals/posts",
        });
      }

      // The client signs up, confirms, and accepts the invitation: the app opens Reviews.
      const invitation = await latestLinkFor(url, invitee);
      await fetch(`${url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({
          email: invitee,
          password: E2E_PASSWORD,
          name: "x",
          firstName: "Clara",
          lastName: "Client",
          callbackURL: "/auth/callback",
        }),
      });
      const joining = await live.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const first = await joining.newPage();
      await first.goto(await latestLinkFor(url, invitee));
      await first.waitForURL(`${url}/dashboard`);
      await first.goto(invitation);
      await first.getByRole("button", { name: "Accept invitation" }).click();
      await first.waitForURL(`${url}/reviews`, { timeout: 30_000 });
      await joining.close();

      // Later, signing in from the site: Reviews, not a dashboard they cannot open.
      const context = await live.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${url}/?auth=login`);
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Email").fill(invitee);
      await dialog.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
      await dialog.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(`${url}/reviews`, { timeout: 30_000 });
      await page.getByRole("heading", { name: "Reviews" }).first().waitFor();

      // Only the pages a Client can open are in the sidebar; an old link to another redirects.
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect
        .poll(() => nav.getByRole("link").allTextContents())
        .toEqual(["Reviews", "Reports", "Settings"]);
      await page.goto(`${url}/messages`);
      await page.waitForURL(`${url}/reviews`);

      // The posts as they will look, soonest first, with who sent them.
      const cards = page.getByTestId("review-post");
      await cards.first().getByText("Spring menu: our new cold brew").first().waitFor();
      await expect.poll(() => cards.count()).toBe(2);
      const spring = cards.filter({ hasText: "Spring menu" });
      await spring.getByTestId("preview-media").locator("img").waitFor();
      await expect
        .poll(() =>
          spring
            .getByTestId("preview-media")
            .locator("img")
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
      await spring.getByText("Sent by").waitFor();
      await spring.getByRole("region", { name: /^Comments/ }).waitFor();

      // The bell counts both posts waiting for the client.
      const bell = page.getByRole("button", { name: /^Notifications/ });
      await expect
        .poll(() => bell.getAttribute("aria-label"), { timeout: 20_000 })
        .toBe("Notifications (2 new)");
      if (SCREENSHOT_DIR) {
        await page.screenshot({ path: `${SCREENSHOT_DIR}/reviews-1440.png`, fullPage: true });
      }

      // Asking for changes needs a comment; approving does not.
      await spring.getByRole("button", { name: "Request changes" }).click();
      await spring.getByText("Say what should change.").waitFor();
      await spring.getByRole("button", { name: "Approve" }).click();
      await page.getByText("You approved this post").waitFor();
      await expect
        .poll(() => bell.getAttribute("aria-label"), { timeout: 20_000 })
        .toBe("Notifications (1 new)");
      // The approved post moves to the decided ones, with who approved it.
      const decided = page.getByRole("region", { name: /Decided in the last 14 days/ });
      await decided.getByText("Spring menu").first().waitFor();
      await decided.getByText("approved it").waitFor();

      // The bell's item leads to Reviews.
      await bell.click();
      await page.getByRole("menuitem", { name: /1 post waiting for your approval/ }).waitFor();
      if (SCREENSHOT_DIR) {
        await page.screenshot({ path: `${SCREENSHOT_DIR}/reviews-bell-1440.png` });
      }
      await closeWithEscape(page, page.getByRole("menu"));

      // A post sent for approval while the page is open shows up without a reload (the live
      // stream; the list does not poll).
      await makePost(owner.page, {
        caption: "Autumn pastries, sent while Clara looks",
        inHours: 7,
        path: "/api/approvals/posts",
      });
      await cards.filter({ hasText: "Autumn pastries" }).first().waitFor({ timeout: 15_000 });

      // On a phone: the post first, then the buttons, nothing wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await cards.first().waitFor();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      if (SCREENSHOT_DIR) {
        await page.screenshot({ path: `${SCREENSHOT_DIR}/reviews-390.png`, fullPage: true });
      }

      // The owner's scheduler sees the post approved and scheduled.
      await expect
        .poll(
          () =>
            owner.page.evaluate(async () => {
              const response = await fetch("/api/scheduled-posts");
              const { posts } = (await response.json()) as {
                posts: { caption: string; status: string }[];
              };
              return posts.find((post) => post.caption.startsWith("Spring menu"))?.status;
            }),
          { timeout: 30_000 },
        )
        .toBe("scheduled");

      expect(errors).toEqual([]);
      expect(owner.errors).toEqual([]);
      await context.close();
      await owner.context.close();
    },
    COMPOSER_TEST_TIMEOUT_MS,
  );
});
