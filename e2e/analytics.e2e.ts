import { describe, expect, it } from "vitest";
import { setPlan } from "./support/accounts.ts";
import { hasChromium, useServerAndBrowser } from "./support/browser.ts";
import { connectedPage } from "./support/composer.ts";
import { closeWithEscape } from "./support/dialogs.ts";

describe.skipIf(!hasChromium())("analytics pages (sandbox)", () => {
  // Each test takes an account global setup connected to @lena.makes and synced (connectedPage);
  // connecting through Settings is instagram-connection.e2e.ts's to test.
  const live = useServerAndBrowser({ template: "connected", accounts: 2 });

  it("shows the API's followers on the dashboard and the top reach first when sorted", async () => {
    const { page, context, errors } = await connectedPage(live.browser, live.server.url, 1280);
    const followers = page.getByTestId("kpi-followers");
    await followers.waitFor();
    const overview = await page.evaluate(async () => {
      const response = await fetch("/api/analytics/overview?days=28");
      return (await response.json()) as { kpis: { followers: { value: number | null } } };
    });
    const value = overview.kpis.followers.value;
    expect(value).not.toBeNull();
    await expect(followers.locator("[data-value]").getAttribute("data-value")).resolves.toBe(
      String(value),
    );

    await page.goto(`${live.server.url}/post-performance`);
    await page.getByRole("button", { name: "Reach" }).click();
    await page.locator('th[aria-sort="descending"]', { hasText: "Reach" }).waitFor();
    const first = await page.evaluate(async () => {
      const response = await fetch("/api/analytics/posts?sort=reach&order=desc&limit=1");
      return (await response.json()) as { items: Array<{ reach: number | null }> };
    });
    const reach = first.items[0]?.reach;
    expect(reach).toBeTypeOf("number");
    const shown = await page.evaluate((n) => new Intl.NumberFormat().format(n), reach as number);
    await expect
      .poll(() => page.getByTestId("post-row").first().locator('[data-col="reach"]').textContent())
      .toBe(shown);

    // A new workspace is on Free: the CSV export is locked before the click, and the click opens
    // 'Upgrade your plan' naming Pro, with no file and no failure toast (issue 30).
    const exportButton = page.getByRole("button", { name: "Export CSV" });
    await exportButton.getByTestId("plan-lock").waitFor();
    await page
      .getByTestId("locked-feature")
      .getByText(/The Pro plan includes advanced analytics/)
      .waitFor();
    await exportButton.click();
    const upgrade = page.getByRole("dialog", { name: "Upgrade your plan" });
    await upgrade.waitFor();
    await expect(upgrade.getByTestId("upgrade-reason").textContent()).resolves.toBe(
      "The Pro plan includes advanced analytics: demographics, hashtag performance, benchmarks and the CSV export. This workspace is on the Free plan.",
    );
    await upgrade.getByRole("link", { name: "See plans" }).click();
    await page.waitForURL(`${live.server.url}/settings#plan`);
    await page.getByRole("table", { name: "What each plan includes" }).waitFor();
    await expect(page.getByTestId("current-plan").textContent()).resolves.toBe("Free");

    // Free shows 30 days of history: the 90-day preset is locked and the dashboard says how much
    // more is stored.
    await page.goto(`${live.server.url}/dashboard`);
    const locked90 = page.getByRole("button", { name: "90 days (Starter plan)" });
    await locked90.getByTestId("plan-lock").waitFor();
    await expect
      .poll(() => page.getByTestId("history-note").textContent(), { timeout: 60_000 })
      .toMatch(/^Your plan shows 30 days; \d+ more are stored\./);
    await locked90.click();
    await expect(
      page
        .getByRole("dialog", { name: "Upgrade your plan" })
        .getByTestId("upgrade-reason")
        .textContent(),
    ).resolves.toBe(
      "The Starter plan includes a longer analytics history. This workspace is on the Free plan.",
    );
    await closeWithEscape(page, page.getByRole("dialog", { name: "Upgrade your plan" }));

    // The operator moves the workspace to Pro: the open tab hears it (realtime) and unlocks the
    // 90 days and the export with no reload.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await setPlan(page, "pro", { reload: false });
    const open90 = page.getByRole("button", { name: "90 days", exact: true });
    await open90.waitFor({ timeout: 15_000 });
    await open90.click();
    await expect.poll(() => open90.getAttribute("aria-pressed")).toBe("true");
    await page.getByTestId("period-text").filter({ hasText: "(90 days)" }).waitFor();
    await expect(page.getByTestId("history-note").count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Post Performance" }).first().click();
    await page.getByRole("button", { name: "Export CSV" }).waitFor();
    await expect(page.getByTestId("plan-lock").count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Audience Insights shows the audience API's top country and followers, and a post opens in the drawer", async () => {
    const { page, context, errors } = await connectedPage(live.browser, live.server.url, 1280);
    // Demographics are advanced analytics: Pro (set as the operator would, issue 30).
    await setPlan(page, "pro", { reload: false });

    // The audience API's answer, which audience.int.test.ts holds equal to the Graph API's.
    const audience = await page.evaluate(async () => {
      const response = await fetch(
        `/api/analytics/audience?timezone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`,
      );
      return (await response.json()) as {
        followersCount: number;
        demographics: {
          followers: {
            country: { buckets: Array<{ dimensions: string[]; value: number }> } | null;
          };
        };
      };
    });
    const me = { followers_count: audience.followersCount };
    const top = [...(audience.demographics.followers.country?.buckets ?? [])].sort(
      (a, b) => b.value - a.value,
    )[0]!;
    expect(top).toBeDefined();

    // The first sync may still be running: the page shows what is stored once it is.
    await expect
      .poll(
        async () => {
          await page.goto(`${live.server.url}/audience-insights`);
          await page.getByRole("heading", { name: "Follower growth" }).waitFor();
          return page.getByRole("heading", { name: "Top countries" }).count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    const shownTop = await page.evaluate((n) => new Intl.NumberFormat().format(n), top.value);
    await page
      .getByRole("heading", { name: "Top countries" })
      .locator("xpath=..")
      .getByText(shownTop)
      .first()
      .waitFor();
    const followers = await page.evaluate(
      (n) => new Intl.NumberFormat().format(n),
      me.followers_count,
    );
    await expect.poll(() => page.getByTestId("followers-now").textContent()).toBe(followers);
    await page.getByRole("heading", { name: "When your followers are online" }).waitFor();

    // The post drawer: the first row's post, its reach equal to the table's.
    await page.goto(`${live.server.url}/post-performance`);
    const row = page.getByTestId("post-row").first();
    await row.waitFor();
    const reach = await row.locator('[data-col="reach"]').textContent();
    await row.click();
    const drawer = page.getByTestId("post-drawer");
    await drawer.getByRole("heading", { name: "Metrics over time" }).waitFor();
    await drawer.getByText(/in Messages$/).waitFor();
    await drawer.getByRole("link", { name: "Open on Instagram" }).waitFor();
    const reachNumber = Number((reach ?? "").replace(/[^0-9]/g, ""));
    const compact = await page.evaluate(
      (n) =>
        new Intl.NumberFormat(undefined, { notation: "compact", maximumFractionDigits: 1 }).format(
          n,
        ),
      reachNumber,
    );
    await expect.poll(() => drawer.getByTestId("drawer-reach").textContent()).toBe(compact);
    await closeWithEscape(page, drawer);

    // Virtualised rows: scrolling to the end loads the next keyset page, and only the rows in
    // view are in the DOM however many are loaded.
    const scroller = page.getByTestId("post-table-scroller");
    const loaded = page.getByText(/posts loaded; scroll for more\.$|^All [\d,.\s]+ posts\.$/);
    await expect.poll(() => loaded.textContent()).toMatch(/^50 posts loaded/);
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => loaded.textContent()).toMatch(/^(100 posts loaded|All)/);
    const rowsInDom = await page.getByTestId("post-row").count();
    expect(rowsInDom).toBeGreaterThan(5);
    expect(rowsInDom).toBeLessThan(40);

    // Grid view shows the same posts as cards, with the post's image through the media proxy.
    await page.getByRole("button", { name: "Grid" }).click();
    await page.getByTestId("post-card").first().waitFor();
    const image = page.getByTestId("post-card").first().locator('img[data-thumbnail="image"]');
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
