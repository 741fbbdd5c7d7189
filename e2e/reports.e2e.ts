import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { connectedPage, waitForFirstSync } from "./support/composer.ts";

/** Set REPORTS_SCREENSHOT_DIR=/some/dir to keep screenshots (and the PDF's first page as PNG). */
const SCREENSHOT_DIR = process.env.REPORTS_SCREENSHOT_DIR;

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOT_DIR) return;
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

type ReportData = {
  period: { label: string };
  accounts: Array<{
    username: string;
    overview: { kpis: { followers: { value: number } }; topPosts: Array<{ id: string }> };
  }>;
};

/*
 * Issue 33 points 4-6 in the browser: an owner on Premium builds a report, lands on its web
 * view (the API's figures, the colour and note), and downloads the PDF, which is a real PDF
 * named for the period. One server and one page for the file.
 */
describe.skipIf(!hasChromium())("client reports", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 1 });

  it("builds a report, shows its web view and downloads its PDF", async () => {
    const url = live.server.url;
    const { page, context, errors } = await connectedPage(live.browser, url, 1440);
    await setPlan(page, "premium", { reload: false });
    await waitForFirstSync(page);
    await page.goto(`${url}/reports`);
    await page.getByRole("link", { name: "Reports" }).first().waitFor();
    await page.getByRole("button", { name: "New report" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Lena — monthly");
    await dialog.getByLabel("Cover note").fill("Thank you for a great month.");
    await dialog.getByLabel("Brand colour", { exact: true }).fill("#0f766e");
    await screenshot(page, "reports-builder-1440");
    await dialog.getByRole("button", { name: "Create report" }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    const account = page.getByTestId("report-account");
    await account.waitFor();
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const data = await page.evaluate(
      async (reportId) =>
        (await (await fetch(`/api/reports/${reportId}/data`)).json()) as ReportData,
      id,
    );
    const followers = new Intl.NumberFormat("en-US").format(
      data.accounts[0]!.overview.kpis.followers.value,
    );
    await expect(account.textContent()).resolves.toContain(`@${data.accounts[0]!.username}`);
    await expect(account.textContent()).resolves.toContain(followers);
    await expect(page.getByRole("heading", { level: 2 }).first().textContent()).resolves.toBe(
      "Lena — monthly",
    );
    await page.getByText("Thank you for a great month.").waitFor();
    await page.getByText(data.period.label).first().waitFor();
    // Each top post's picture, served under the report (through the media proxy's fetch).
    const topPosts = data.accounts[0]!.overview.topPosts.length;
    expect(topPosts).toBeGreaterThan(0);
    const thumbnails = account.locator('img[data-thumbnail="image"]');
    await thumbnails.first().scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (count) => {
        const images = Array.from(
          document.querySelectorAll<HTMLImageElement>('img[data-thumbnail="image"]'),
        );
        return (
          images.length === count && images.every((img) => img.complete && img.naturalWidth > 0)
        );
      },
      topPosts,
      { timeout: 20_000 },
    );
    expect(await account.locator('[data-thumbnail="missing"]').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "report-view-1440");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^lena-monthly-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const file = path.join(tmpdir(), `report-${Date.now()}.pdf`);
    await download.saveAs(file);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(5_000);
    if (SCREENSHOT_DIR) {
      // For eyes only: the PDF's first pages as PNG (poppler-utils), not needed by the test.
      try {
        execFileSync("pdftoppm", [
          "-png",
          "-r",
          "70",
          "-f",
          "1",
          "-l",
          "2",
          file,
          `${SCREENSHOT_DIR}/report-pdf`,
        ]);
      } catch {
        // pdftoppm missing: nothing to look at.
      }
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await account.waitFor();
    // Lazy images load once near the viewport; a full-page screenshot scrolls nothing.
    await thumbnails.first().scrollIntoViewIfNeeded();
    await thumbnails.last().evaluate((img: HTMLImageElement) => img.decode());
    await screenshot(page, "report-view-390");
    await page.getByRole("link", { name: "All reports" }).click();
    await page.getByTestId("report-row").first().waitFor();
    await screenshot(page, "reports-list-390");
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
