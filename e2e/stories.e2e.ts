import type { AnalyticsStoryListItem } from "@sightline/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setPlan } from "./support/accounts.ts";
import { E2E_CONTROL_TOKEN, hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { connectedPage, waitForFirstSync } from "./support/composer.ts";
import { closeWithEscape } from "./support/dialogs.ts";

const CONTROL_TOKEN = E2E_CONTROL_TOKEN;
/** Set SHOTS=/some/dir to keep screenshots of the Stories tab at 1440 and 390 px. */
const shots = process.env.SHOTS;

async function screenshot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** The account posts a story in the signed-in user's copy of the sandbox. */
async function postStory(page: Page, url: string): Promise<string> {
  const space = await page.evaluate(async () => {
    const response = await fetch("/api/instagram/connection");
    return ((await response.json()) as { connection: { user_id: string } }).connection.user_id;
  });
  const response = await fetch(`${url}/sandbox/_control/simulate/story`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-sandbox-control-token": CONTROL_TOKEN,
      "x-sandbox-space": space,
    },
    // Three hours ago: still live, and its insights have grown past Instagram's threshold.
    body: JSON.stringify({ username: "lena.makes", postedMinutesAgo: 180 }),
  });
  if (!response.ok) throw new Error(`simulate story: ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

describe.skipIf(!hasChromium())("Post Performance's Stories tab (decision 039)", () => {
  const live = useServerAndBrowser({
    timeoutMs: 170_000,
    template: "connected",
    accounts: 1,
  });

  it("reads a new story, shows the API's figures in the table and drawer, and exports them", async () => {
    const url = live.server.url;
    const { page, context, errors } = await connectedPage(live.browser, url, 1440);
    await setPlan(page, "pro", { reload: false });
    await waitForFirstSync(page);
    const storyId = await postStory(page, url);

    await page.goto(`${url}/post-performance?tab=stories`);
    await page.getByRole("tab", { name: "Stories", selected: true }).waitFor();
    await page.getByRole("button", { name: "Read stories now" }).click();
    // The new story's own row (the demo account may have other live stories already shown).
    const row = page.locator(`[data-testid="story-row"][data-story-id="${storyId}"]`);
    await row.waitFor();
    await row.getByText("Live").waitFor();
    const stories = await page.evaluate(async () => {
      const response = await fetch("/api/analytics/stories");
      return ((await response.json()) as { items: AnalyticsStoryListItem[] }).items;
    });
    const story = stories.find((item) => item.id === storyId);
    expect(story?.status).toBe("live");
    await screenshot(page, "stories-1440");

    // The drawer shows the same figures the API stored (numbers as Instagram answered them).
    await row.click();
    const drawer = page.getByTestId("story-drawer");
    await drawer.getByRole("heading", { name: "Story details" }).waitFor();
    // In the page's own locale, as the drawer formats them.
    const shown = (value: number | null) =>
      value === null
        ? Promise.resolve("—")
        : page.evaluate(
            (n) =>
              new Intl.NumberFormat(undefined, {
                notation: "compact",
                maximumFractionDigits: 1,
              }).format(n),
            value,
          );
    await expect(drawer.getByTestId("story-drawer-views").textContent()).resolves.toBe(
      await shown(story!.views),
    );
    await expect(drawer.getByTestId("story-drawer-reach").textContent()).resolves.toBe(
      await shown(story!.reach),
    );
    await screenshot(page, "story-drawer-1440");
    await closeWithEscape(page, drawer);

    // The CSV is the table's, with the same figures.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("sightline-stories.csv");
    const csv = await page.evaluate(async () => (await fetch("/api/analytics/stories.csv")).text());
    const line = csv.split("\r\n").find((entry) => entry.endsWith(storyId))!;
    expect(line.split(",")[4]).toBe(story!.reach === null ? "" : String(story!.reach));

    // The same tab at 390 px: the table scrolls sideways inside its box, the page does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId("story-row").first().waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    await screenshot(page, "stories-390");
    await page.getByTestId("story-row").first().click();
    await page.getByTestId("story-drawer").getByTestId("story-drawer-views").waitFor();
    await screenshot(page, "story-drawer-390");
    expect(errors).toEqual([]);
    await context.close();
  });
});
