import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { formatDuration } from "@sightline/contracts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { connectedPage, waitForFirstSync } from "./support/composer.ts";

/** Set SHOTS=/some/dir to keep screenshots of the Inbox's response times and the report's table. */
const shots = process.env.SHOTS;

async function screenshot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

type Figures = { medianSeconds: number | null };

/*
 * Issue 33 point 4 in the browser: the Inbox's "Response times" dialog shows the route's
 * figures, and a report with "Inbox response times" shows the same table in its web view.
 */
describe.skipIf(!hasChromium())("inbox response times", () => {
  const live = useServerAndBrowser({ timeoutMs: 170_000, template: "connected", accounts: 1 });

  it("shows the Inbox's response times and the report's table, at 1440 and 390 px", async () => {
    const url = live.server.url;
    const { page, context, errors } = await connectedPage(live.browser, url, 1440);
    await setPlan(page, "premium", { reload: false });
    await waitForFirstSync(page);
    // A DM answered in 20 minutes, two hours ago, so the median is there to read.
    await page.evaluate(async () => {
      const { connection } = (await (await fetch("/api/instagram/connection")).json()) as {
        connection: { instagram_id: string };
      };
      const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
      for (const [direction, minutesAgo] of [
        ["inbound", 120],
        ["outbound", 100],
      ] as const) {
        const response = await fetch("/api/test/inbox/messages", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            accountId: connection.instagram_id,
            conversationId: "response-times-e2e",
            businessIgsid: connection.instagram_id,
            fromId: direction === "inbound" ? "a-customer" : connection.instagram_id,
            direction,
            text: direction === "inbound" ? "Do you ship to Lisbon?" : "We do!",
            createdTime: at(minutesAgo),
          }),
        });
        if (!response.ok) throw new Error(`POST /api/test/inbox/messages: ${response.status}`);
      }
    });

    await page.goto(`${url}/messages`);
    const answer = page.waitForResponse((response) =>
      response.url().includes("/api/inbox/response-times"),
    );
    await page.getByRole("button", { name: "Response times" }).click();
    const body = (await (await answer).json()) as { dms: Figures; comments: Figures };
    const table = page.getByTestId("inbox-response-times");
    await table.waitFor();
    expect(body.dms.medianSeconds).not.toBeNull();
    const medianRow = table.getByRole("row", { name: /Median first response/ });
    await expect(medianRow.textContent()).resolves.toContain(
      formatDuration(body.dms.medianSeconds),
    );
    await screenshot(page, "inbox-response-times-1440");
    await page.getByRole("button", { name: "7 days" }).click();
    await page.getByRole("button", { name: "7 days", pressed: true }).waitFor();
    await page.keyboard.press("Escape");

    const report = await page.evaluate(async () => {
      const { connection } = (await (await fetch("/api/instagram/connection")).json()) as {
        connection: { instagram_id: string };
      };
      const response = await fetch("/api/reports", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Response times",
          accountIds: [connection.instagram_id],
          sections: ["kpis", "response-times"],
        }),
      });
      return ((await response.json()) as { report: { id: string } }).report;
    });
    await page.goto(`${url}/reports/${report.id}`);
    const reportTable = page.getByTestId("report-response-times");
    await reportTable.waitFor();
    await expect(reportTable.textContent()).resolves.toContain("Median first response");
    await screenshot(page, "report-response-times-1440");
    if (shots) {
      // For eyes only: the PDF's pages as PNG (poppler-utils), not needed by the test.
      const pdf = await page.evaluate(async (id) => {
        const bytes = new Uint8Array(await (await fetch(`/api/reports/${id}/pdf`)).arrayBuffer());
        return Array.from(bytes);
      }, report.id);
      writeFileSync(`${shots}/report-response-times.pdf`, Buffer.from(pdf));
      try {
        execFileSync("pdftoppm", [
          "-png",
          "-r",
          "70",
          `${shots}/report-response-times.pdf`,
          `${shots}/report-response-times-pdf`,
        ]);
      } catch {
        // pdftoppm missing: nothing to look at.
      }
    }

    await page.setViewportSize({ width: 390, height: 844 });
    await reportTable.waitFor();
    await screenshot(page, "report-response-times-390");
    await page.goto(`${url}/messages`);
    await page.getByRole("button", { name: "Response times" }).click();
    await page.getByTestId("inbox-response-times").waitFor();
    await screenshot(page, "inbox-response-times-390");
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
