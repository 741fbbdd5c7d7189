/*
 * Content calendar benchmark (issue 14; run by `npm run bench calendar` through scripts/bench.mjs;
 * not a test): 2,000 posts in one month for one user (plus the connected demo account's synced
 * history), then
 *   - GET /api/content-calendar for the month grid's, a week's and the month's range (the month,
 *     week and list views): median and p95 of 20 calls, answer size
 *   - first render in Chromium of the month, week and list views with those posts (the page's
 *     own `content-scheduler:render` measure: data received → painted), when CHROMIUM_PATH or
 *     /usr/bin/chromium exists and apps/web/dist is built.
 * Uses PostgreSQL when TEST_DATABASE_URL is set (SIGHTLINE_TEST_DB=postgres), else PGlite.
 */
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import { scheduledPosts } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { createTestApp } from "../testing/create-test-app.ts";
import { createVerifiedUser } from "../testing/factories.ts";
import { connectSandboxAccount } from "../testing/instagram.ts";
import { percentile } from "./baseline.ts";

const POSTS = Number(process.env.BENCH_CALENDAR_POSTS ?? 2000);
const ms = (value: number) => `${value.toFixed(1)} ms`;

const webDist = path.resolve(import.meta.dirname, "../../../web/dist");
const testApp = await createTestApp({
  env: { ALLOWED_HOSTS: "127.0.0.1" },
  ...(existsSync(webDist) ? { webDistDir: webDist } : {}),
});
try {
  const { client } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "northfield.coffee",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 180_000 });

  // Next month in UTC, so every post is in the future and the month grid is whole.
  const now = new Date();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const monthDays = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0)).getUTCDate();
  const rows = Array.from({ length: POSTS }, (_, index) => ({
    workspaceId: connection.workspace_id,
    accountId: "bench",
    mediaUrl: `/storage/scheduled-content/${connection.workspace_id}/bench-${index}.jpg`,
    mediaType: "IMAGE" as const,
    caption: `Bench post ${index} with a caption long enough to look like a real one #coffee`,
    hashtags: ["coffee"],
    scheduledTime: new Date(monthStart + ((index * monthDays * 86_400_000) / POSTS + 36e5 * 8)),
    status: (["scheduled", "scheduled", "published", "failed"] as const)[index % 4]!,
    timeZone: "UTC",
    items: [
      {
        bucket: "scheduled-content" as const,
        key: `${connection.workspace_id}/bench-${index}.jpg`,
        mediaType: "image" as const,
      },
    ],
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await testApp.database.db.insert(scheduledPosts).values(rows.slice(start, start + 500));
  }
  // The month view's range: Monday before the 1st to the Sunday after the last day.
  const first = new Date(monthStart);
  const gridStart = monthStart - ((first.getUTCDay() + 6) % 7) * 86_400_000;
  const last = monthStart + (monthDays - 1) * 86_400_000;
  const gridEnd = last + (7 - ((new Date(last).getUTCDay() + 6) % 7)) * 86_400_000;
  // The week view's range (the week of the 15th, Monday to Monday) and the list view's (the month).
  const fifteenth = monthStart + 14 * 86_400_000;
  const weekStart = fifteenth - ((new Date(fifteenth).getUTCDay() + 6) % 7) * 86_400_000;
  const ranges = {
    month: [gridStart, gridEnd],
    week: [weekStart, weekStart + 7 * 86_400_000],
    list: [monthStart, monthStart + monthDays * 86_400_000],
  } as const;

  let count = 0;
  for (const [view, [from, to]] of Object.entries(ranges)) {
    const query = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
    const times: number[] = [];
    let bytes = 0;
    let posts = 0;
    for (let round = 0; round < 22; round++) {
      const started = performance.now();
      const response = await client.get(`/api/content-calendar?${query}`);
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (round >= 2) times.push(elapsed);
      bytes = text.length;
      posts = (JSON.parse(text) as { posts: unknown[] }).posts.length;
    }
    if (view === "month") count = posts;
    console.info(
      `calendar-api (${testEngine()}): ${view} view, ${posts} posts in its range, median ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, ${(bytes / 1024).toFixed(0)} KB JSON`,
    );
  }

  const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(webDist) || !existsSync(chromiumPath)) {
    console.info("calendar-render: skipped (needs apps/web/dist and Chromium)");
  } else {
    const server = serve({ fetch: testApp.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ["--no-sandbox", "--disable-dev-shm-usage"],
    });
    try {
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        timezoneId: "UTC",
      });
      await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url })));
      const page = await context.newPage();
      const date = new Date(monthStart + 14 * 86_400_000).toISOString().slice(0, 10);
      for (const view of ["month", "week", "list"]) {
        const samples: number[] = [];
        for (let round = 0; round < 4; round++) {
          await page.goto(`${url}/content-scheduler?view=${view}&date=${date}`);
          await page.waitForFunction(
            () => performance.getEntriesByName("content-scheduler:render").length > 0,
            undefined,
            { timeout: 60_000 },
          );
          const [entry] = await page.evaluate(() =>
            performance.getEntriesByName("content-scheduler:render").map((e) => e.duration),
          );
          if (round > 0) samples.push(entry!);
        }
        const shown = await page.locator("[data-post-id]").count();
        console.info(
          `calendar-render: ${view} view (${count} posts in the month, ${shown} drawn), first render median ${ms(percentile(samples, 0.5))}`,
        );
      }
    } finally {
      await browser.close();
      server.close();
    }
  }
} finally {
  await testApp.close();
}
