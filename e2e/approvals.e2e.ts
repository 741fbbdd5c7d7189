import { describe, expect, it } from "vitest";
import { setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import {
  addImages,
  COMPOSER_TEST_TIMEOUT_MS,
  connectedPage,
  expectMediaCount,
  openComposer,
  toast,
} from "./support/composer.ts";

const SCREENSHOT_DIR = process.env.APPROVALS_SCREENSHOT_DIR;

/*
 * Post approvals (issue 33, decision 037), one flow on one server: the owner turns approvals on,
 * sends a post for approval from the composer, shares it for review; someone without an account
 * opens the link in a fresh browser, approves it under their name, and the post is scheduled.
 */
describe.skipIf(!hasChromium())("post approvals and review links", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 1 });

  it(
    "send for approval → share the link → approve in a fresh browser → scheduled",
    async () => {
      const { page, context, errors } = await connectedPage(live.browser, live.server.url);
      await setPlan(page, "premium", { reload: false });
      await page.goto(`${live.server.url}/settings`);
      await page.getByLabel(/Posts need approval/).click();
      await toast(page, "Posts now need approval");
      if (SCREENSHOT_DIR) {
        await page.getByLabel(/Posts need approval/).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-1440.png` });
      }

      // The composer's Schedule and Publish become Send for approval.
      const dialog = await openComposer(page);
      await expect(
        dialog.getByRole("button", { name: "Publish", exact: true }).count(),
      ).resolves.toBe(0);
      await addImages(page, [{ name: "roast.png", color: "#7c3aed" }]);
      await expectMediaCount(page, 1);
      await dialog.getByLabel("Caption").fill("Our winter roast, for the client's eyes first.");
      await dialog.getByLabel("Hashtags", { exact: true }).fill("winterroast ");
      await dialog.getByRole("button", { name: "Send for approval" }).click();
      const sheet = page.getByRole("dialog", { name: "Schedule Post" });
      await sheet.waitFor();
      const { tomorrowLabel, tomorrow } = await page.evaluate(() => {
        const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        const next = new Date(Date.now() + 86_400_000);
        return {
          tomorrowLabel: new Intl.DateTimeFormat("en-US", {
            timeZone: zone,
            weekday: "long",
            month: "long",
            day: "numeric",
            year: "numeric",
          }).format(next),
          tomorrow: new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(next).slice(0, 10),
        };
      });
      let day = sheet.getByRole("button", { name: tomorrowLabel, exact: true });
      if ((await day.count()) === 0) {
        await sheet.getByRole("button", { name: "Next month" }).click();
        day = sheet.getByRole("button", { name: tomorrowLabel, exact: true });
      }
      await day.click();
      await sheet.getByRole("button", { name: "Hour 10" }).click();
      await sheet.getByRole("button", { name: "Minute 00" }).click();
      await sheet.getByRole("button", { name: "Send for approval" }).click();
      await toast(page, "Sent for approval");
      await expect.poll(() => dialog.count(), { timeout: 30_000 }).toBe(0);

      // The content scheduler shows it in review, with its own colour and filter.
      await page.goto(
        `${live.server.url}/content-scheduler?view=list&date=${tomorrow}&review=in_review`,
      );
      const row = page.getByTestId("calendar-list-post").filter({ hasText: "winter roast" });
      await row.getByText("In review").waitFor({ timeout: 30_000 });
      await row.getByRole("button", { name: /In review/ }).click();
      const panel = page.getByTestId("post-panel");
      await panel.getByRole("button", { name: "Share for review" }).click();
      const link = await panel.getByTestId("review-link").inputValue();
      expect(link).toMatch(/\/review\?token=/);

      // Someone without an account, in a browser of their own.
      const reviewer = await live.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const review = await reviewer.newPage();
      const reviewErrors: string[] = [];
      review.on("pageerror", (error) => reviewErrors.push(error.message));
      await review.goto(link);
      await review.getByRole("heading", { name: "Review this post" }).waitFor();
      await review.getByTestId("preview-caption").getByText("Our winter roast").waitFor();
      await review.getByTestId("preview-media").locator("img").waitFor();
      await expect
        .poll(() =>
          review
            .getByTestId("preview-media")
            .locator("img")
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
      if (SCREENSHOT_DIR)
        await review.screenshot({ path: `${SCREENSHOT_DIR}/review-1440.png`, fullPage: true });
      await review.setViewportSize({ width: 390, height: 844 });
      if (SCREENSHOT_DIR)
        await review.screenshot({ path: `${SCREENSHOT_DIR}/review-390.png`, fullPage: true });

      // Approve needs a name; then it is recorded under it.
      await review.getByRole("button", { name: "Approve" }).click();
      await review.getByText("Enter your name.").waitFor();
      await review.getByLabel("Your name").fill("Maya from Northfield");
      await review.getByRole("button", { name: "Approve" }).click();
      await review.getByText("Thank you, Maya from Northfield. You approved this post.").waitFor();
      if (SCREENSHOT_DIR)
        await review.screenshot({
          path: `${SCREENSHOT_DIR}/review-390-approved.png`,
          fullPage: true,
        });

      // The post is scheduled for its time, and its history says who approved it.
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const response = await fetch("/api/scheduled-posts");
              const { posts } = (await response.json()) as {
                posts: { caption: string; status: string }[];
              };
              return posts.find((post) => post.caption.startsWith("Our winter roast"))?.status;
            }),
          { timeout: 30_000 },
        )
        .toBe("scheduled");
      await page.goto(`${live.server.url}/content-scheduler?view=list&date=${tomorrow}`);
      const scheduled = page.getByTestId("calendar-list-post").filter({ hasText: "winter roast" });
      await scheduled.getByRole("button", { name: /Scheduled/ }).click();
      await panel.getByText("Maya from Northfield").waitFor();
      if (SCREENSHOT_DIR)
        await page.screenshot({ path: `${SCREENSHOT_DIR}/scheduler-panel-1440.png` });

      // A tampered link gets a clear page and nothing of the post.
      await review.goto(`${link.slice(0, -2)}xx`);
      await review.getByRole("heading", { name: "This link does not work" }).waitFor();
      await expect(review.getByTestId("preview-caption").count()).resolves.toBe(0);

      expect(errors).toEqual([]);
      expect(reviewErrors).toEqual([]);
      await reviewer.close();
      await context.close();
    },
    COMPOSER_TEST_TIMEOUT_MS,
  );
});
