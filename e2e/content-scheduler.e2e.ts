import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signedInPage } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";

/** YYYY-MM-DD of `date` plus `days` (calendar arithmetic). */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Schedules an image post at `date` 10:00 in the browser's zone through the API the composer uses. */
async function schedulePost(page: Page, date: string): Promise<string> {
  return page.evaluate(async (day) => {
    const image = await (await fetch("/sandbox/cdn/samples/image.jpg")).arrayBuffer();
    const upload = await fetch("/api/uploads/scheduled-content", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: image,
    });
    const file = (await upload.json()) as { bucket: string; key: string };
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const [year, month, dayOfMonth] = day.split("-").map(Number) as [number, number, number];
    // The browser's zone is the app's zone here (no profile zone set).
    const at = new Date(year, month - 1, dayOfMonth, 10, 0);
    const response = await fetch("/api/scheduled-posts", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: [{ ...file, mediaType: "image" }],
        caption: "Glaze test, kiln three",
        scheduled_time: at.toISOString(),
        time_zone: zone,
      }),
    });
    if (response.status !== 201) throw new Error(`schedule: ${response.status}`);
    return ((await response.json()) as { post: { id: string } }).post.id;
  }, date);
}

async function serverTimeOf(page: Page, id: string): Promise<string> {
  return page.evaluate(async (postId) => {
    const response = await fetch(`/api/content-calendar/posts/${postId}`);
    return ((await response.json()) as { post: { time: string } }).post.time;
  }, id);
}

describe.skipIf(!hasChromium())("content scheduler", () => {
  const live = useServerAndBrowser();

  it("shows a scheduled post in month and list views, moves it by drag and by keyboard, and refuses the past", async () => {
    const { page, context, errors } = await signedInPage(live.browser, live.server.url, {
      prefix: "scheduler",
      width: 1440,
    });
    await page.goto(`${live.server.url}/settings`);
    await page.getByRole("button", { name: "Connect with Instagram" }).click();
    await page.waitForURL(/\/sandbox\/www\.instagram\.com\/oauth\/authorize/);
    await page.getByRole("button", { name: /@oona\.bakes/ }).click();
    await page.waitForURL(`${live.server.url}/settings`);
    await page.getByTestId("instagram-connected").waitFor();

    const today = await page.evaluate(() => new Date().toLocaleDateString("sv-SE"));
    const day = addDays(today, 2);
    const id = await schedulePost(page, day);

    // Month view: the post is on its day.
    await page.goto(`${live.server.url}/content-scheduler?view=month&date=${today}`);
    const post = page.locator(`[data-testid="calendar-post"][data-post-id="${id}"]`);
    await post.waitFor();
    expect(await post.evaluate((el) => el.closest("td")?.dataset.date)).toBe(day);
    await expect(post.getAttribute("aria-label")).resolves.toMatch(/^Scheduled Image, /);
    // Today is marked.
    await page.locator('td[data-today="true"]').waitFor();

    // List view: the same post, with its day heading.
    await page.goto(`${live.server.url}/content-scheduler?view=list&date=${day}`);
    await page.locator(`[data-testid="calendar-list-post"][data-post-id="${id}"]`).waitFor();

    // Drag to another future day: saved at once and still there after a reload.
    const target = addDays(day, 1);
    await page.goto(`${live.server.url}/content-scheduler?view=month&date=${today}`);
    await post.waitFor();
    await post.dragTo(page.locator(`td[data-date="${target}"]`));
    await page
      .locator("[data-sonner-toast]", { hasText: /^Moved to / })
      .first()
      .waitFor();
    await page.reload();
    await post.waitFor();
    expect(await post.evaluate((el) => el.closest("td")?.dataset.date)).toBe(target);
    const moved = await serverTimeOf(page, id);
    expect(
      await page.evaluate((iso) => {
        const at = new Date(iso);
        return [at.toLocaleDateString("sv-SE"), at.getHours(), at.getMinutes()];
      }, moved),
    ).toEqual([target, 10, 0]);

    // A drag into the past is refused with the spec's words and changes nothing.
    await post.dragTo(page.locator(`td[data-date="${addDays(today, -1)}"]`));
    await page
      .locator("[data-sonner-toast]", { hasText: "Cannot schedule post in the past" })
      .waitFor();
    expect(await serverTimeOf(page, id)).toBe(moved);
    await page.reload();
    await post.waitFor();
    expect(await post.evaluate((el) => el.closest("td")?.dataset.date)).toBe(target);

    // 'Move to…' by keyboard from the list view.
    await page.goto(`${live.server.url}/content-scheduler?view=list&date=${target}`);
    const row = page.locator(`[data-testid="calendar-list-post"][data-post-id="${id}"]`);
    await row.getByRole("button", { name: "Move to…" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Move to…" });
    await dialog.waitFor();
    const later = addDays(today, 5);
    await dialog.getByLabel("Date").fill(later);
    await dialog.getByLabel("Time").fill("14:30");
    await page.keyboard.press("Enter");
    await page
      .getByText(/^Moved to /)
      .first()
      .waitFor();
    await expect
      .poll(async () => {
        const iso = await serverTimeOf(page, id);
        return page.evaluate((value) => {
          const at = new Date(value);
          return `${at.toLocaleDateString("sv-SE")} ${at.getHours()}:${at.getMinutes()}`;
        }, iso);
      })
      .toBe(`${later} 14:30`);

    // 'Move to…' into the past is refused in the dialog.
    await row.getByRole("button", { name: "Move to…" }).click();
    await dialog.getByLabel("Date").fill(today);
    await dialog.getByLabel("Time").fill("00:00");
    await dialog.getByRole("button", { name: "Move post" }).click();
    await dialog.getByText("Cannot schedule post in the past").waitFor();
    await page.keyboard.press("Escape");

    // The side panel shows the whole draft.
    await row.getByRole("button", { name: /Scheduled Image/ }).click();
    const panel = page.getByTestId("post-panel");
    await panel.getByText("Glaze test, kiln three").waitFor();
    await panel.getByText("Media (1)").waitFor();
    await panel.getByText("No attempt yet: it goes out at its time.").waitFor();

    // Cancel puts it back to draft, shown at once in the panel.
    await panel.getByRole("button", { name: "Cancel" }).click();
    await panel.getByText("Draft", { exact: true }).waitFor();
    await panel.getByRole("button", { name: "Publish now" }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("shows a change made elsewhere without a reload", async () => {
    const { page, context, errors } = await signedInPage(live.browser, live.server.url, {
      prefix: "scheduler-live",
      width: 1440,
    });
    await page.goto(`${live.server.url}/settings`);
    await page.getByRole("button", { name: "Connect with Instagram" }).click();
    await page.waitForURL(/\/sandbox\/www\.instagram\.com\/oauth\/authorize/);
    await page.getByRole("button", { name: /@oona\.bakes/ }).click();
    await page.getByTestId("instagram-connected").waitFor();
    const today = await page.evaluate(() => new Date().toLocaleDateString("sv-SE"));
    await page.goto(`${live.server.url}/content-scheduler?view=list&date=${addDays(today, 3)}`);
    await page.locator("h2", { hasText: /\d{4}/ }).waitFor();
    // Another tab (same account) schedules a post; this page hears scheduled-posts:updated.
    const other = await context.newPage();
    await other.goto(`${live.server.url}/dashboard`);
    const id = await schedulePost(other, addDays(today, 3));
    await page.locator(`[data-testid="calendar-list-post"][data-post-id="${id}"]`).waitFor({
      timeout: 15_000,
    });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("starts in the list view on a phone", async () => {
    const { page, context, errors } = await signedInPage(live.browser, live.server.url, {
      prefix: "scheduler-phone",
      width: 390,
    });
    await page.goto(`${live.server.url}/content-scheduler`);
    await page.getByRole("button", { name: "List", pressed: true }).waitFor();
    // A new account without a connection is told what to do next.
    await page.getByRole("heading", { name: "Your content calendar is empty" }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
