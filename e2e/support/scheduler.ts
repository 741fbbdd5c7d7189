import type { Locator, Page } from "playwright-core";

/**
 * Opens the content scheduler's list on `day` and answers the button of the post's row once it
 * is drawn. The list draws only rows near the screen, so it scrolls down until the row is there
 * (a loaded machine can take seconds to lay out the month; 20 fixed tries were not always enough).
 */
export async function listPostButton(
  page: Page,
  url: string,
  day: string,
  postId: string,
): Promise<Locator> {
  await page.goto(`${url}/content-scheduler?view=list&date=${day}`);
  const post = page
    .locator(`[data-testid="calendar-list-post"][data-post-id="${postId}"] button`)
    .first();
  await page.getByTestId("calendar-list-post").first().waitFor({ timeout: 30_000 });
  const deadline = Date.now() + 30_000;
  while ((await post.count()) === 0 && Date.now() < deadline) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  await post.waitFor({ timeout: 5_000 });
  return post;
}

/**
 * A day two weeks back (`YYYY-MM-DD`): the month view of its month always shows at least 14 past
 * days, so the demo account's posts (3 to 6 a week) are on it. The month view of today shows
 * only a day or two of the past on a month's first days, and often no post at all.
 */
export function dayWithPastPosts(now = new Date()): string {
  return new Date(now.getTime() - 14 * 24 * 60 * 60 * 1000).toLocaleDateString("sv-SE");
}
