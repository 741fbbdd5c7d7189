import type { AnalyticsPostListItem } from "@sightline/contracts";
import { insertMediaInsights, setWorkspacePlan } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { connectSandboxAccount } from "../../testing/instagram.ts";
import {
  addDays,
  graphReader,
  type InsightsAnswer,
  insightsWindow,
  utcDay,
} from "../../testing/instagram-graph.ts";

/*
 * The pages must tell the truth: every expected figure here is computed from the sandbox's own
 * Graph API answers (the stand-in for Meta), never from our tables.
 */

const DAY_MS = 86_400_000;
let testApp: TestApp;
// One clock for the file, so the periods the API resolves and the ones computed here agree.
const fixedNow = Date.now();
let lena: { client: HttpClient; workspaceId: string; igUserId: string };

beforeAll(async () => {
  testApp = await createTestApp({ now: () => fixedNow });
  const { client } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "lena.makes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  lena = { client, workspaceId: connection.workspace_id, igUserId: connection.instagram_id };
  // The figures are checked against the sandbox over any period, so on a plan that shows two
  // years; each plan's window is history.int.test.ts's.
  await setWorkspacePlan(testApp.database.db, lena.workspaceId, "premium", null, new Date());
}, 180_000);

afterAll(async () => {
  await testApp?.close();
});

function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

const reader = () => graphReader(testApp, { username: "lena.makes" });
const graph = <T>(path: string, params: Record<string, string> = {}) =>
  reader().get<T>(path, params);

/** The sandbox's reach per day (time series), keyed by the day each value closes. */
function graphReachByDay(from: string, days: number): Promise<Map<string, number>> {
  return reader().daily(lena.igUserId, "reach", from, addDays(from, days - 1));
}

/** One day's total_value of the daily account metrics, as the sandbox answers it. */
function graphDailyTotals(day: string): Promise<Record<string, number>> {
  return reader().totals(
    lena.igUserId,
    ["views", "total_interactions", "profile_views", "website_clicks"],
    day,
    day,
  );
}

type Kpi = {
  value: number | null;
  previous: number | null;
  changePct: number | null;
  storedDays: number;
  previousStoredDays: number;
  series: Array<{ day: string; value: number | null }>;
  reason?: string;
};
type Overview = {
  connected: boolean;
  period: { from: string; to: string; days: number };
  previous: { from: string; to: string };
  oldestDay: string | null;
  kpis: {
    followers: { value: number | null; change: number | null };
    reach: Kpi;
    views: Kpi;
    interactions: Kpi;
    profileVisits: Kpi;
    websiteTaps: Kpi;
    engagementRate: { value: number | null; previous: number | null; formula: string };
  };
  topPosts: Array<Omit<AnalyticsPostListItem, "saves" | "shares" | "permalink">>;
};

async function overview(query: string): Promise<Overview> {
  const response = await lena.client.get(`/api/analytics/overview?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Overview;
}

type PostsPage = { items: AnalyticsPostListItem[]; nextCursor: string | null };

async function posts(client: HttpClient, query: string): Promise<PostsPage> {
  const response = await client.get(`/api/analytics/posts?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PostsPage;
}

async function walk(query: string, limit: number): Promise<AnalyticsPostListItem[]> {
  const all: AnalyticsPostListItem[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const result: PostsPage = await posts(
      lena.client,
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(result.items.length).toBeLessThanOrEqual(limit);
    all.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return all;
}

async function topLevelPostCount(): Promise<number> {
  const result = (await testApp.database.db.execute(
    `select count(*)::int as n from instagram_media where workspace_id = '${lena.workspaceId}' and account_id = '${lena.igUserId}' and parent_ig_media_id is null`,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

describe("the dashboard overview tells the sandbox's truth", () => {
  it("followers, reach, views, interactions, profile visits and website taps per day and summed", async () => {
    const body = await overview("days=28");
    expect(body.connected).toBe(true);
    const yesterday = utcDay(fixedNow - DAY_MS);
    expect(body.period).toEqual({
      from: utcDay(fixedNow - 28 * DAY_MS),
      to: yesterday,
      days: 28,
    });
    expect(body.previous).toEqual({
      from: utcDay(fixedNow - 56 * DAY_MS),
      to: utcDay(fixedNow - 29 * DAY_MS),
    });
    // The first sync reads the 90 days Instagram keeps.
    expect(body.oldestDay).toBe(utcDay(fixedNow - 90 * DAY_MS));

    const me = await graph<{ followers_count: number }>("me", { fields: "followers_count" });
    // The sandbox's follower count grows with its clock (about one an hour for this account);
    // ours is the count read at sync time, seconds earlier.
    expect(Math.abs(body.kpis.followers.value! - me.followers_count)).toBeLessThanOrEqual(1);

    const days = daysFrom(body.period.from, 28);
    const reach = await graphReachByDay(body.period.from, 28);
    expect(body.kpis.reach.series).toEqual(days.map((day) => ({ day, value: reach.get(day) })));
    // Reach over the period is Instagram's unique accounts for exactly these days.
    const reachTotal = (
      await graph<InsightsAnswer>(`${lena.igUserId}/insights`, {
        metric: "reach",
        period: "day",
        metric_type: "total_value",
        ...insightsWindow(body.period.from, addDays(body.period.from, 27)),
      })
    ).data[0]!.total_value!.value;
    expect(body.kpis.reach.value).toBe(reachTotal);

    const totals = await Promise.all(days.map((day) => graphDailyTotals(day)));
    const pick = (name: string) => totals.map((dayTotals) => dayTotals[name]!);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(body.kpis.views.series.map((point) => point.value)).toEqual(pick("views"));
    expect(body.kpis.views.value).toBe(sum(pick("views")));
    expect(body.kpis.interactions.series.map((point) => point.value)).toEqual(
      pick("total_interactions"),
    );
    expect(body.kpis.interactions.value).toBe(sum(pick("total_interactions")));
    expect(body.kpis.profileVisits.value).toBe(sum(pick("profile_views")));
    expect(body.kpis.websiteTaps.value).toBe(sum(pick("website_clicks")));
    expect(body.kpis.engagementRate.value).toBeCloseTo(
      sum(pick("total_interactions")) / reachTotal,
      12,
    );
    expect(body.kpis.engagementRate.formula).toContain("interactions ÷ reach");

    const followerSeries = await graph<InsightsAnswer>(`${lena.igUserId}/insights`, {
      metric: "follower_count",
      period: "day",
      ...insightsWindow(body.period.from, addDays(body.period.from, 27)),
    });
    expect(body.kpis.followers.change).toBe(
      sum(followerSeries.data[0]!.values!.map((point) => point.value)),
    );

    // The previous 28 days are stored from the first sync: compared at once.
    expect(body.kpis.views.previousStoredDays).toBe(28);
    expect(body.kpis.views.changePct).not.toBeNull();
    expect(body.kpis.reach.changePct).not.toBeNull();
  }, 120_000);

  it("compares with the previous equal-length period when both are stored", async () => {
    const body = await overview("days=7");
    const views = async (from: string) =>
      (
        await graph<InsightsAnswer>(`${lena.igUserId}/insights`, {
          metric: "views",
          period: "day",
          metric_type: "total_value",
          ...insightsWindow(from, addDays(from, 6)),
        })
      ).data[0]!.total_value!.value;
    const previous = await views(body.previous.from);
    const current = await views(body.period.from);
    expect(body.kpis.views.previous).toBe(previous);
    expect(body.kpis.views.value).toBe(current);
    expect(body.kpis.views.changePct).toBeCloseTo(((current - previous) / previous) * 100, 10);
  }, 60_000);

  it("a custom period before the first stored day is absent, not zero", async () => {
    // Inside the plan's two years, long before the 90 days the first sync reads.
    const from = utcDay(fixedNow - 700 * DAY_MS);
    const to = utcDay(fixedNow - 670 * DAY_MS);
    const body = await overview(`from=${from}&to=${to}`);
    expect(body.period).toEqual({ from, to, days: 31 });
    for (const name of [
      "reach",
      "views",
      "interactions",
      "profileVisits",
      "websiteTaps",
    ] as const) {
      expect(body.kpis[name].value, name).toBeNull();
      expect(body.kpis[name].reason, name).toContain("oldest stored day");
      expect(body.kpis[name].series.every((point) => point.value === null)).toBe(true);
    }
    expect(body.kpis.followers.change).toBeNull();
    expect(body.kpis.engagementRate.value).toBeNull();
    expect(body.topPosts).toEqual([]);
  });

  it("top posts are the period's posts by reach, and a post's figures match its insights", async () => {
    const body = await overview("days=90");
    expect(body.topPosts.length).toBe(5);
    const reaches = body.topPosts.map((post) => post.reach!);
    expect(reaches).toEqual([...reaches].sort((a, b) => b - a));
    for (const post of body.topPosts) {
      expect(post.postedAt! >= `${body.period.from}T00:00:00`).toBe(true);
      expect([...(post.caption ?? "")].length).toBeLessThanOrEqual(140);
      expect(["Image", "Carousel", "Reel", "Video", "Story"]).toContain(post.typeLabel);
    }
    // A post old enough that its figures no longer grow.
    const settled = await posts(lena.client, "sort=reach&order=desc&limit=100");
    const post = settled.items.find(
      (item) => item.postedAt && Date.parse(item.postedAt) < fixedNow - 60 * DAY_MS && item.reach,
    )!;
    const insights = await graph<InsightsAnswer>(`${post.id}/insights`, {
      metric: "reach,likes,total_interactions",
    });
    const value = (name: string) =>
      insights.data.find((entry) => entry.name === name)!.values![0]!.value;
    expect(post.reach).toBe(value("reach"));
    expect(post.likes).toBe(value("likes"));
    expect(post.engagementRate).toBeCloseTo(value("total_interactions") / value("reach"), 12);
  }, 60_000);
});

describe("absent figures and earlier accounts", () => {
  it("a day with no stored value is null in the series, left out of the sum, and stops the comparison", async () => {
    const { client } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username: "northfield.coffee",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const read = async () =>
      (await (await client.get("/api/analytics/overview?days=7")).json()) as Overview;
    const before = await read();
    const gap = before.period.from;
    const gapValue = before.kpis.views.series[0]!.value!;
    await testApp.database.db.execute(
      `delete from instagram_account_insights where workspace_id = '${connection.workspace_id}' and day = '${gap}' and metric = 'views'`,
    );
    // Rows kept from an earlier connection to another account never mix in.
    await testApp.database.db.execute(
      `insert into instagram_account_insights (workspace_id, account_id, day, metric, source_metric, mapping_version, value, captured_at)
       values ('${connection.workspace_id}', 'earlier-account', '${gap}', 'views', 'views', 2, 999999, now()),
              ('${connection.workspace_id}', 'earlier-account', '${before.period.to}', 'reach', 'reach', 2, 999999, now())`,
    );
    await testApp.database.db.execute(
      `insert into instagram_media (workspace_id, account_id, ig_media_id, media_type, caption, posted_at)
       values ('${connection.workspace_id}', 'earlier-account', '990000000000001', 'IMAGE', 'from the earlier account', now() - interval '2 days')`,
    );
    const after = await read();
    expect(after.kpis.views.series[0]).toEqual({ day: gap, value: null });
    expect(after.kpis.views.value).toBe(before.kpis.views.value! - gapValue);
    expect(after.kpis.views.storedDays).toBe(6);
    expect(after.kpis.views.changePct).toBeNull();
    expect(before.kpis.views.changePct).not.toBeNull();
    expect(after.kpis.reach).toEqual(before.kpis.reach);
    const list = (await (await client.get("/api/analytics/posts?limit=100")).json()) as PostsPage;
    expect(list.items.some((item) => item.id === "990000000000001")).toBe(false);
    expect((await client.get("/api/analytics/posts/990000000000001")).status).toBe(404);
  }, 180_000);
});

describe("the post table", () => {
  it("walks every top-level post exactly once in every sort and order", async () => {
    const expected = await topLevelPostCount();
    expect(expected).toBeGreaterThan(20);
    for (const sort of ["posted_at", "reach", "engagement", "likes", "saves"]) {
      for (const order of ["desc", "asc"]) {
        const all = await walk(`sort=${sort}&order=${order}`, 13);
        const ids = all.map((item) => item.id);
        expect(new Set(ids).size, `${sort} ${order}`).toBe(ids.length);
        expect(ids.length, `${sort} ${order}`).toBe(expected);
        const key = (item: AnalyticsPostListItem): number | string | null =>
          sort === "posted_at"
            ? item.postedAt
            : sort === "engagement"
              ? item.engagementRate
              : (item[sort as "reach" | "likes" | "saves"] as number | null);
        const values = all.map(key);
        // Ordered, with absent values last whatever the order.
        const present = values.filter((value) => value !== null) as Array<number | string>;
        expect(values.slice(0, present.length).every((value) => value !== null)).toBe(true);
        const sorted = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(present).toEqual(order === "asc" ? sorted : sorted.reverse());
      }
    }
  }, 120_000);

  it("filters by type and the types add up to every post", async () => {
    const expected = await topLevelPostCount();
    let total = 0;
    const labels = {
      IMAGE: "Image",
      CAROUSEL_ALBUM: "Carousel",
      REELS: "Reel",
      VIDEO: "Video",
      STORY: "Story",
    };
    for (const [type, label] of Object.entries(labels)) {
      // Small pages: the filter holds across cursors too.
      const all = await walk(`type=${type}&sort=views&order=asc`, 7);
      expect(all.every((item) => item.type === type && item.typeLabel === label)).toBe(true);
      expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
      total += all.length;
    }
    expect(total).toBe(expected);
    expect((await walk("type=REELS", 100)).length).toBeGreaterThan(0);
  }, 60_000);

  it("filters by period and searches captions", async () => {
    const all = await walk("sort=posted_at", 100);
    const from = utcDay(fixedNow - 30 * DAY_MS);
    const to = utcDay(fixedNow - 10 * DAY_MS);
    const inPeriod = await walk(`from=${from}&to=${to}`, 100);
    expect(inPeriod.map((item) => item.id)).toEqual(
      all
        .filter((item) => item.postedAt!.slice(0, 10) >= from && item.postedAt!.slice(0, 10) <= to)
        .map((item) => item.id),
    );

    const word = all
      .flatMap((item) => (item.caption ?? "").split(/\s+/))
      .find((candidate) => /^[a-z]{6,}$/i.test(candidate))!;
    const found = await walk(`q=${encodeURIComponent(word.toUpperCase())}`, 100);
    const full = await Promise.all(
      found.map(async (item) => {
        const response = await lena.client.get(`/api/analytics/posts/${item.id}`);
        return ((await response.json()) as { post: { caption: string } }).post.caption;
      }),
    );
    expect(full.every((caption) => caption.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const stored = (await testApp.database.db.execute(
      `select count(*)::int as n from instagram_media where workspace_id = '${lena.workspaceId}' and parent_ig_media_id is null and caption ilike '%${word.replace(/'/g, "''")}%'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(found.length).toBe(stored.rows[0]!.n);
    expect(found.length).toBeGreaterThan(0);

    // LIKE's wildcards are searched for as text.
    expect((await posts(lena.client, "q=%25%25%25")).items).toEqual([]);
    expect((await posts(lena.client, "q=___________")).items).toEqual([]);
  }, 60_000);

  it("counts a post on the user's own day: a period in a far time zone", async () => {
    const all = await walk("sort=posted_at", 100);
    const localDay = (iso: string, zone: string) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(iso));
    // A post whose calendar day differs between UTC and the zone (UTC+14 or UTC−11).
    let found: { post: AnalyticsPostListItem; zone: string } | undefined;
    for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      const post = all.find(
        (item) => localDay(item.postedAt!, zone) !== item.postedAt!.slice(0, 10),
      );
      if (post) {
        found = { post, zone };
        break;
      }
    }
    expect(found).toBeDefined();
    const { post, zone } = found!;
    const day = localDay(post.postedAt!, zone);
    const inZone = await walk(`from=${day}&to=${day}&timezone=${encodeURIComponent(zone)}`, 100);
    expect(inZone.map((item) => item.id)).toEqual(
      all.filter((item) => localDay(item.postedAt!, zone) === day).map((item) => item.id),
    );
    expect(inZone.map((item) => item.id)).toContain(post.id);
    const inUtc = await walk(`from=${day}&to=${day}&timezone=UTC`, 100);
    expect(inUtc.map((item) => item.id)).not.toContain(post.id);

    // The dashboard's preset ends on yesterday in the zone asked for.
    const overview = (await (
      await lena.client.get(`/api/analytics/overview?days=7&timezone=${encodeURIComponent(zone)}`)
    ).json()) as { period: { to: string }; timeZone: string };
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(fixedNow));
    expect(overview.period.to).toBe(utcDay(Date.parse(`${today}T00:00:00Z`) - DAY_MS));
    expect(overview.timeZone).toBe(zone);
    const bad = await lena.client.get("/api/analytics/overview?timezone=Mars%2FOlympus");
    expect(bad.status).toBe(400);
  }, 60_000);

  it("a post's detail: its snapshots over time and its stored comments", async () => {
    const [first] = (await posts(lena.client, "sort=comments&order=desc&limit=1")).items;
    const response = await lena.client.get(`/api/analytics/posts/${first!.id}`);
    expect(response.status).toBe(200);
    const detail = (await response.json()) as {
      post: AnalyticsPostListItem & { hashtags: string[] };
      snapshots: Array<{ capturedAt: string; metric: string; value: number }>;
      storedComments: number;
    };
    expect(detail.post.id).toBe(first!.id);
    expect(detail.post.reach).toBe(first!.reach);
    expect(detail.snapshots.length).toBeGreaterThan(0);
    expect(detail.snapshots.find((s) => s.metric === "reach")!.value).toBe(first!.reach);
    const stored = (await testApp.database.db.execute(
      `select count(*)::int as n from instagram_comments where workspace_id = '${lena.workspaceId}' and ig_media_id = '${first!.id}'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(detail.storedComments).toBe(stored.rows[0]!.n);
    expect(detail.storedComments).toBeGreaterThan(0);
  }, 60_000);
});

describe("access and validation", () => {
  it("a user without a connection sees 'not connected', never numbers", async () => {
    const { client } = await createVerifiedUser(testApp);
    expect(await (await client.get("/api/analytics/overview?days=7")).json()).toEqual({
      connected: false,
    });
    expect(await (await client.get("/api/analytics/posts")).json()).toEqual({
      connected: false,
      items: [],
      nextCursor: null,
    });
    const [post] = (await posts(lena.client, "limit=1")).items;
    expect((await client.get(`/api/analytics/posts/${post!.id}`)).status).toBe(404);
  });

  it("another user's post is a 404, and their posts never appear in the list", async () => {
    const { client } = await createVerifiedUser(testApp);
    await connectSandboxAccount(testApp, client, { username: "oona.bakes", login: "instagram" });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const lenaIds = new Set((await walk("sort=posted_at", 100)).map((item) => item.id));
    const [post] = (await posts(lena.client, "limit=1")).items;
    const response = await client.get(`/api/analytics/posts/${post!.id}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(post!.caption ?? "\u0001");
    const theirs = await posts(client, "limit=100");
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(theirs.items.some((item) => lenaIds.has(item.id))).toBe(false);
  }, 180_000);

  it("signed out is a 401", async () => {
    const { client } = await createVerifiedUser(testApp);
    client.clearCookies();
    expect((await client.get("/api/analytics/overview")).status).toBe(401);
  });

  it("rejects invalid parameters with 422", async () => {
    const sortCursor = (await posts(lena.client, "sort=reach&limit=1")).nextCursor!;
    const invalid = [
      "/api/analytics/overview?days=5",
      "/api/analytics/overview?days=abc",
      "/api/analytics/overview?from=2026-01-01",
      "/api/analytics/overview?from=2026-02-01&to=2026-01-01",
      "/api/analytics/overview?from=2023-01-01&to=2025-01-01",
      "/api/analytics/overview?from=2026-02-30&to=2026-03-01",
      "/api/analytics/overview?days=7&from=2026-01-01&to=2026-01-02",
      "/api/analytics/posts?sort=random",
      "/api/analytics/posts?order=sideways",
      "/api/analytics/posts?type=CAROUSEL",
      "/api/analytics/posts?limit=0",
      "/api/analytics/posts?limit=101",
      "/api/analytics/posts?limit=2.5",
      `/api/analytics/posts?q=${"a".repeat(101)}`,
      "/api/analytics/posts?from=2026-13-01",
      "/api/analytics/posts?cursor=not-a-cursor",
      `/api/analytics/posts?sort=likes&cursor=${encodeURIComponent(sortCursor)}`,
      "/api/analytics/posts/not%20an%20id",
    ];
    for (const path of invalid) {
      expect((await lena.client.get(path)).status, path).toBe(422);
    }
    // The longest custom period is accepted: the plan's two years, ending yesterday.
    const longest = `from=${utcDay(fixedNow - 730 * DAY_MS)}&to=${utcDay(fixedNow - DAY_MS)}`;
    expect((await lena.client.get(`/api/analytics/overview?${longest}`)).status).toBe(200);
  });
});

describe("a post's as-of time and Refresh", () => {
  it("says when each post's figures were read, and Refresh reads one post now, a limited number of times an hour", async () => {
    const [post] = (await posts(lena.client, "sort=reach&order=desc&limit=1")).items;
    expect(post!.metricsAsOf).not.toBeNull();
    const before = (await testApp.database.db.execute(
      `select count(*)::int as n from instagram_media_insights where workspace_id = '${lena.workspaceId}' and ig_media_id = '${post!.id}'`,
    )) as unknown as { rows: Array<{ n: number }> };
    const calls = testApp.graphCalls.count;
    const refreshed = await lena.client.post(`/api/analytics/posts/${post!.id}/refresh`, {});
    expect(refreshed.status, await refreshed.clone().text()).toBe(200);
    expect(testApp.graphCalls.count).toBe(calls + 1);
    const after = (await testApp.database.db.execute(
      `select count(*)::int as n from instagram_media_insights where workspace_id = '${lena.workspaceId}' and ig_media_id = '${post!.id}'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(after.rows[0]!.n).toBeGreaterThanOrEqual(before.rows[0]!.n);
    const detail = (await refreshed.json()) as { post: { metricsAsOf: string; reach: number } };
    const insights = await graph<InsightsAnswer>(`${post!.id}/insights`, { metric: "reach" });
    expect(detail.post.reach).toBe(insights.data[0]!.values![0]!.value);
    // Another user's post is not theirs to refresh.
    const { client: other } = await createVerifiedUser(testApp);
    expect((await other.post(`/api/analytics/posts/${post!.id}/refresh`, {})).status).toBe(404);
    // 20 an hour per account, then 429.
    let status = 200;
    let count = 1;
    while (status === 200 && count < 30) {
      status = (await lena.client.post(`/api/analytics/posts/${post!.id}/refresh`, {})).status;
      count++;
    }
    expect(status).toBe(429);
    expect(count).toBe(21);
  }, 60_000);
});

describe("latest metrics after later snapshots", () => {
  // Last in the file: it adds snapshots to lena's stored data through the sync's own writer.
  it("the table shows each metric's newest snapshot, keeps a metric Meta left out, and sorts by it", async () => {
    const before = await posts(lena.client, "sort=reach&order=asc&limit=100");
    const target = before.items.find((item) => item.saves !== null && item.reach !== null)!;
    expect(target).toBeDefined();
    const scope = { workspaceId: lena.workspaceId, accountId: lena.igUserId };
    const row = (capturedAt: Date, metric: string, value: number) => ({
      ...scope,
      igMediaId: target.id,
      capturedAt,
      metric,
      sourceMetric: metric,
      mappingVersion: 2,
      value,
    });
    // A newer snapshot without saves, then an older one arriving late: the newest value wins.
    await insertMediaInsights(testApp.database.db, [
      row(new Date(fixedNow + 3_600_000), "reach", 9_000_000),
      row(new Date(fixedNow + 3_600_000), "interactions", 900_000),
    ]);
    await insertMediaInsights(testApp.database.db, [
      row(new Date(fixedNow - 400 * DAY_MS), "reach", 1),
      row(new Date(fixedNow - 400 * DAY_MS), "saves", 123_456),
    ]);
    const top = await posts(lena.client, "sort=reach&order=desc&limit=1");
    expect(top.items[0]!.id).toBe(target.id);
    expect(top.items[0]!.reach).toBe(9_000_000);
    expect(top.items[0]!.saves).toBe(target.saves);
    expect(top.items[0]!.engagementRate).toBeCloseTo(0.1, 12);
    const detail = (await (
      await lena.client.get(`/api/analytics/posts/${encodeURIComponent(target.id)}`)
    ).json()) as { snapshots: Array<{ capturedAt: string; metric: string; value: number }> };
    expect(detail.snapshots.filter((s) => s.metric === "reach").at(-1)!.value).toBe(9_000_000);
  });
});
