import type { AnalyticsKpi } from "@sightline/contracts";
import { setWorkspacePlan } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { connectSandboxAccount, sandboxControl } from "../../testing/instagram.ts";
import { addDays, graphReader, utcDay } from "../../testing/instagram-graph.ts";

/*
 * Issue 23: every dashboard figure equals Instagram's own answer for the same account and days,
 * asked here of the sandbox (Meta's stand-in) with the test's own token. Reach and accounts
 * engaged are Instagram's `metric_type=total_value` over the period — never a sum of days made
 * here. The app and the sandbox share one pinned clock: 20 November 2026, so the custom range
 * below crosses the end of daylight-saving time in New York (1 November 2026).
 */

const DAY_MS = 86_400_000;
const fixedNow = Date.parse("2026-11-20T15:00:00Z");
/** Moves the app's clock (not the sandbox's) for one test; 0 everywhere else. */
let appClockShift = 0;
let testApp: TestApp;
let lena: { client: HttpClient; workspaceId: string; igUserId: string };

beforeAll(async () => {
  testApp = await createTestApp({
    now: () => fixedNow + appClockShift,
    sandboxClock: () => fixedNow,
  });
  const { client } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "lena.makes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 240_000 });
  lena = { client, workspaceId: connection.workspace_id, igUserId: connection.instagram_id };
  // The figures are checked against the sandbox over any period, so on a plan that shows two
  // years; each plan's window is history.int.test.ts's.
  await setWorkspacePlan(testApp.database.db, lena.workspaceId, "premium", null, new Date());
}, 300_000);

afterAll(async () => {
  await testApp?.close();
});

const reader = () => graphReader(testApp, { username: "lena.makes" });

/** Instagram's total_value of each metric over exactly from..to (≤ 30 days). */
function instagramTotals(from: string, to: string): Promise<Record<string, number>> {
  return reader().totals(
    lena.igUserId,
    ["reach", "accounts_engaged", "views", "total_interactions", "profile_views", "website_clicks"],
    from,
    to,
  );
}

/** Instagram's daily reach series over from..to. */
async function instagramDailyReach(from: string, to: string): Promise<number[]> {
  return [...(await reader().daily(lena.igUserId, "reach", from, to)).values()];
}

type Overview = {
  period: { from: string; to: string; days: number };
  previous: { from: string; to: string };
  oldestDay: string | null;
  kpis: {
    followers: { value: number | null };
    reach: AnalyticsKpi;
    accountsEngaged: AnalyticsKpi;
    views: AnalyticsKpi;
    interactions: AnalyticsKpi;
    profileVisits: AnalyticsKpi;
    websiteTaps: AnalyticsKpi;
    engagementRate: {
      label: string;
      value: number | null;
      changePct: number | null;
      formula: string;
    };
  };
};

async function overview(client: HttpClient, query: string): Promise<Overview> {
  const response = await client.get(`/api/analytics/overview?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Overview;
}

/** Every KPI of a period of at most 30 days against Instagram's answers for the same days. */
async function expectMatchesInstagram(body: Overview) {
  const { period, previous } = body;
  const now = await instagramTotals(period.from, period.to);
  const before = await instagramTotals(previous.from, previous.to);
  expect(body.kpis.reach).toMatchObject({ label: "Reach", basis: "period" });
  expect(body.kpis.reach.value).toBe(now.reach);
  expect(body.kpis.reach.previous).toBe(before.reach);
  expect(body.kpis.accountsEngaged.value).toBe(now.accounts_engaged);
  expect(body.kpis.accountsEngaged.previous).toBe(before.accounts_engaged);
  expect(body.kpis.views.value).toBe(now.views);
  expect(body.kpis.views.previous).toBe(before.views);
  expect(body.kpis.interactions.value).toBe(now.total_interactions);
  expect(body.kpis.interactions.previous).toBe(before.total_interactions);
  expect(body.kpis.profileVisits.value).toBe(now.profile_views);
  expect(body.kpis.websiteTaps.value).toBe(now.website_clicks);
  expect(body.kpis.engagementRate.value).toBeCloseTo(now.total_interactions! / now.reach!, 12);
  expect(body.kpis.engagementRate.formula).toContain("interactions ÷ reach");
  // Compared with the previous period at once (everything it needs is stored or asked).
  for (const name of ["reach", "accountsEngaged", "views", "interactions"] as const) {
    expect(body.kpis[name].changePct, name).toBeCloseTo(
      ((body.kpis[name].value! - body.kpis[name].previous!) / body.kpis[name].previous!) * 100,
      10,
    );
    expect(body.kpis[name].asOf, name).toBe(new Date(fixedNow).toISOString());
  }
  expect(body.kpis.engagementRate.changePct).not.toBeNull();
}

describe("each KPI equals Instagram's answer for the same days", () => {
  it("7 days, and the previous 7", async () => {
    const body = await overview(lena.client, "days=7&timezone=UTC");
    expect(body.period).toEqual({ from: "2026-11-13", to: "2026-11-19", days: 7 });
    await expectMatchesInstagram(body);
    const me = await reader().get<{ followers_count: number }>("me", { fields: "followers_count" });
    expect(body.kpis.followers.value).toBe(me.followers_count);
  });

  it("28 days, and the previous 28, right after the first sync", async () => {
    const body = await overview(lena.client, "days=28&timezone=UTC");
    expect(body.period).toEqual({ from: "2026-10-23", to: "2026-11-19", days: 28 });
    expect(body.previous).toEqual({ from: "2026-09-25", to: "2026-10-22" });
    await expectMatchesInstagram(body);
    // The sum of daily reach counts the same people again and again: far above the truth.
    const daily = await instagramDailyReach(body.period.from, body.period.to);
    expect(daily.reduce((a, b) => a + b, 0)).toBeGreaterThan(body.kpis.reach.value! * 1.5);
  });

  it("a 30-day custom range across a daylight-saving change, asked of Instagram on demand", async () => {
    // 15 Oct – 13 Nov 2026 in New York: 30 calendar days, one of them 25 hours long.
    const body = await overview(
      lena.client,
      `from=2026-10-15&to=2026-11-13&timezone=${encodeURIComponent("America/New_York")}`,
    );
    expect(body.period).toEqual({ from: "2026-10-15", to: "2026-11-13", days: 30 });
    await expectMatchesInstagram(body);
    // Asked once, then stored: the same figures without asking again.
    const stored = (await testApp.database.db.execute(
      `select count(*)::int as n from instagram_account_period_insights where workspace_id = '${lena.workspaceId}' and from_day = '2026-10-15' and to_day = '2026-11-13'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(stored.rows[0]!.n).toBe(2);
    const calls = testApp.graphCalls.count;
    const again = await overview(
      lena.client,
      `from=2026-10-15&to=2026-11-13&timezone=${encodeURIComponent("America/New_York")}`,
    );
    expect(testApp.graphCalls.count).toBe(calls);
    expect(again.kpis.reach.value).toBe(body.kpis.reach.value);
  });

  it("a period Instagram refuses is not asked again on every load, but after a back-off; nor while usage is high", async () => {
    // 1–20 Oct 2026 and the 20 days before: asked by no other test, so never stored.
    const query = "from=2026-10-01&to=2026-10-20&timezone=UTC";
    await sandboxControl(testApp, "/faults", {
      pathGlob: "*/insights",
      metric: "accounts_engaged",
      times: 0,
      code: 100,
      message: "(#100) Please try this period again later.",
    });
    try {
      const calls = testApp.graphCalls.count;
      const first = await overview(lena.client, query);
      // Nothing invented: the stored days' average, labelled as such.
      expect(first.kpis.reach.basis).toBe("daily-average");
      const asked = testApp.graphCalls.count - calls;
      expect(asked).toBeGreaterThan(0);
      for (let load = 0; load < 3; load++) await overview(lena.client, query);
      expect(testApp.graphCalls.count).toBe(calls + asked);
    } finally {
      await sandboxControl(testApp, "/faults", undefined, "DELETE");
    }
    try {
      // A minute later it is asked again, unless Meta reported the account's usage high.
      appClockShift = 61_000;
      testApp.instagramContext.graphUsage.set(lena.igUserId, {
        usage: { businessUseCase: [], maxPercent: 95, regainAccessMs: 0 },
        at: fixedNow + appClockShift,
      });
      const calls = testApp.graphCalls.count;
      expect((await overview(lena.client, query)).kpis.reach.basis).toBe("daily-average");
      expect(testApp.graphCalls.count).toBe(calls);
      testApp.instagramContext.graphUsage.delete(lena.igUserId);
      const after = await overview(lena.client, query);
      expect(testApp.graphCalls.count).toBeGreaterThan(calls);
      expect(after.kpis.reach.basis).toBe("period");
      expect(after.kpis.reach.value).toBe(
        (await instagramTotals("2026-10-01", "2026-10-20")).reach,
      );
    } finally {
      appClockShift = 0;
      testApp.instagramContext.graphUsage.delete(lena.igUserId);
    }
  });

  it("90 days: no reach figure Instagram cannot give; the average daily reach, labelled so", async () => {
    const body = await overview(lena.client, "days=90&timezone=UTC");
    expect(body.period).toEqual({ from: "2026-08-22", to: "2026-11-19", days: 90 });
    const daily = await instagramDailyReach(body.period.from, body.period.to);
    expect(daily).toHaveLength(90);
    expect(body.kpis.reach.label).toBe("Average daily reach");
    expect(body.kpis.reach.basis).toBe("daily-average");
    expect(body.kpis.reach.storedDays).toBe(90);
    expect(body.kpis.reach.value).toBeCloseTo(daily.reduce((a, b) => a + b, 0) / 90, 9);
    expect(body.kpis.reach.note).toContain("average of 90 days");
    expect(body.kpis.accountsEngaged.label).toBe("Average daily accounts engaged");
    // Views and interactions add up: three 30-day answers of Instagram's.
    let views = 0;
    let interactions = 0;
    for (const from of ["2026-08-22", "2026-09-21", "2026-10-21"]) {
      const totals = await instagramTotals(from, addDays(from, 29));
      views += totals.views!;
      interactions += totals.total_interactions!;
    }
    expect(body.kpis.views).toMatchObject({ basis: "sum", value: views });
    expect(body.kpis.interactions.value).toBe(interactions);
    expect(body.kpis.engagementRate.label).toBe("Average daily engagement rate");
    expect(body.kpis.engagementRate.value).toBeCloseTo(
      interactions / daily.reduce((a, b) => a + b, 0),
      12,
    );
    // Instagram keeps 90 days: the previous 90 are not stored, so nothing is compared.
    expect(body.kpis.reach.changePct).toBeNull();
  });
});

describe("the first sync", () => {
  it("stores the 90 days Instagram keeps before the account counts as synced", async () => {
    const body = await overview(lena.client, "days=90&timezone=UTC");
    expect(body.oldestDay).toBe(utcDay(fixedNow - 90 * DAY_MS));
    const days = (await testApp.database.db.execute(
      `select metric, count(*)::int as n from instagram_account_insights where workspace_id = '${lena.workspaceId}' and metric in ('views', 'reach', 'interactions', 'profile_visits') group by metric order by metric`,
    )) as unknown as { rows: Array<{ metric: string; n: number }> };
    expect(days.rows).toEqual([
      { metric: "interactions", n: 90 },
      { metric: "profile_visits", n: 90 },
      { metric: "reach", n: 90 },
      { metric: "views", n: 90 },
    ]);
    const { connection } = (await (await lena.client.get("/api/instagram/connection")).json()) as {
      connection: { last_synced_at: string | null; sync_progress: unknown };
    };
    expect(connection.last_synced_at).toBe(new Date(fixedNow).toISOString());
    expect(connection.sync_progress).toBeNull();
  });

  it("asks profile_views and website_clicks apart: Meta refusing them leaves only them absent", async () => {
    await sandboxControl(testApp, "/faults", {
      pathGlob: "*/insights",
      metric: "profile_views",
      times: 0,
      code: 100,
      message: "(#100) The metric profile_views is no longer supported.",
    });
    // Each day's follows call slowed a little, so the first sync is seen under way.
    await sandboxControl(testApp, "/faults", {
      pathGlob: "*/insights",
      metric: "follows_and_unfollows",
      times: 0,
      delayMs: 40,
    });
    try {
      const { client } = await createVerifiedUser(testApp);
      await connectSandboxAccount(testApp, client, {
        username: "northfield.coffee",
        login: "instagram",
      });
      // While the first sync reads the 90 days, the connection and the dashboard say how far.
      type During = {
        connection: { last_synced_at: string | null; sync_progress: { percent: number } | null };
      };
      let during: During | undefined;
      for (let poll = 0; poll < 400; poll++) {
        during = (await (await client.get("/api/instagram/connection")).json()) as During;
        if ((during.connection.sync_progress?.percent ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(during!.connection.last_synced_at).toBeNull();
      expect(during!.connection.sync_progress!.percent).toBeGreaterThan(0);
      expect(during!.connection.sync_progress!.percent).toBeLessThan(100);
      const dashboard = (await (await client.get("/api/analytics/overview?days=28")).json()) as {
        syncProgress: { percent: number; days: number } | null;
      };
      expect(dashboard.syncProgress).toMatchObject({ days: 90 });
      await testApp.instagramContext.queue.idle({ timeoutMs: 240_000 });
      const body = await overview(client, "days=7&timezone=UTC");
      expect(body.kpis.views.value).not.toBeNull();
      expect(body.kpis.interactions.value).not.toBeNull();
      expect(body.kpis.websiteTaps.value).not.toBeNull();
      expect(body.kpis.reach.basis).toBe("period");
      expect(body.kpis.profileVisits.value).toBeNull();
      const { connection } = (await (await client.get("/api/instagram/connection")).json()) as {
        connection: {
          last_synced_at: string | null;
          sync_notes: Array<{ area: string; message: string }>;
        };
      };
      expect(connection.last_synced_at).not.toBeNull();
      expect(connection.sync_notes).toContainEqual({
        area: "account-insights:profile_views",
        message: expect.stringContaining("no longer answers profile views"),
      });
    } finally {
      await sandboxControl(testApp, "/faults", undefined, "DELETE");
    }
  }, 300_000);
});
