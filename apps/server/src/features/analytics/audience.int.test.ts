import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, setPersonalPlan } from "../../testing/factories.ts";
import { connectSandboxAccount } from "../../testing/instagram.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

type Audience = {
  connected: boolean;
  followersCount: number | null;
  demographics: Record<
    "followers" | "engaged",
    Record<
      string,
      {
        buckets: Array<{ dimensions: string[]; value: number; share: number }>;
        base: { value: number; label: string };
      } | null
    >
  >;
  demographicsNotice: string | null;
  activeHours: { days: number; grid: Array<Array<number | null>>; notice: string | null };
  growth: {
    series: Array<{ day: string; follows: number | null; unfollows: number | null }>;
    rate: { netChange: number; startFollowers: number; ratePct: number; days: number } | null;
    projection: { milestone: number; daysToGo?: number; perDay?: number; reason?: string } | null;
    notice: string | null;
  };
};

/** What the sandbox's Graph API itself answers, read with a token of the account. */
async function graph(username: string, path: string) {
  const token = testApp.sandbox!.issueToken({ username, login: "instagram" });
  const response = await testApp.sandbox!.fetch(
    `${TEST_PUBLIC_URL}/sandbox/graph.instagram.com/v23.0${path}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return (await response.json()) as {
    data: Array<{
      values?: Array<{ value: Record<string, number>; end_time: string }>;
      total_value?: {
        breakdowns: Array<{ results: Array<{ dimension_values: string[]; value: number }> }>;
      };
    }>;
  };
}

describe("GET /api/analytics/audience", () => {
  it("tells the same demographics and online hours as Instagram", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username: "lena.makes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    // Demographics are advanced analytics (issue 30): Free gets the rest of the page and says
    // which plan has them.
    const free = (await (
      await client.get("/api/analytics/audience?timezone=UTC")
    ).json()) as Audience & { demographicsLocked: unknown };
    expect(free.demographicsLocked).toEqual({
      capability: "advancedAnalytics",
      plan: "free",
      requiredPlan: "pro",
    });
    expect(free.demographics.followers.country).toBeNull();
    expect(free.growth.series.length).toBeGreaterThan(0);
    await setPersonalPlan(testApp, email, "pro");
    const body = (await (
      await client.get("/api/analytics/audience?timezone=UTC")
    ).json()) as Audience;
    expect(body.demographicsNotice).toBeNull();

    const countries = await graph(
      "lena.makes",
      `/${connection.instagram_id}/insights?metric=follower_demographics&period=lifetime&metric_type=total_value&breakdown=country&timeframe=this_month`,
    );
    const expected = countries.data[0]!.total_value!.breakdowns[0]!.results.map((result) => ({
      dimensions: result.dimension_values.slice(1),
      value: result.value,
    }));
    expect(
      body.demographics.followers.country!.buckets.map(({ dimensions, value }) => ({
        dimensions,
        value,
      })),
    ).toEqual(expected);

    // Each breakdown from its own call; every share is of that breakdown's own base, named.
    const bases = {
      age: "of followers with a known age",
      gender: "of followers with a known gender",
      country: "of followers in the countries Instagram lists",
      city: "of followers in the cities Instagram lists",
    };
    for (const [breakdown, label] of Object.entries(bases)) {
      const answer = await graph(
        "lena.makes",
        `/${connection.instagram_id}/insights?metric=follower_demographics&period=lifetime&metric_type=total_value&breakdown=${breakdown}&timeframe=this_month`,
      );
      const results = answer.data[0]!.total_value!.breakdowns[0]!.results;
      const base = results.reduce((sum, result) => sum + result.value, 0);
      const shown = body.demographics.followers[breakdown]!;
      expect(shown.base, breakdown).toEqual({ value: base, label });
      expect(shown.buckets.length, breakdown).toBe(results.length);
      for (const result of results) {
        const bucket = shown.buckets.find(
          (entry) => entry.dimensions.join() === result.dimension_values.slice(1).join(),
        )!;
        expect(bucket.share, `${breakdown} ${bucket.dimensions}`).toBeCloseTo(
          result.value / base,
          12,
        );
      }
    }
    expect(body.demographics.followers["age,gender"]).toBeUndefined();

    // Online followers: one stored day, averaged into its UTC weekday and hour.
    const until = Math.floor(Date.now() / 1000);
    const online = await graph(
      "lena.makes",
      `/${connection.instagram_id}/insights?metric=online_followers&period=lifetime&since=${until - 29 * 86_400}&until=${until}`,
    );
    const days = online.data[0]!.values!;
    expect(body.activeHours.days).toBe(days.length);
    const sums = new Map<string, number[]>();
    for (const day of days) {
      const date = new Date(new Date(day.end_time).getTime() - 1).toISOString().slice(0, 10);
      for (const [hour, value] of Object.entries(day.value)) {
        const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
        const key = `${weekday}:${hour}`;
        sums.set(key, [...(sums.get(key) ?? []), value]);
      }
    }
    for (const [key, values] of sums) {
      const [weekday, hour] = key.split(":").map(Number) as [number, number];
      const average = Math.round(values.reduce((a, b) => a + b, 0) / values.length);
      expect(body.activeHours.grid[weekday]![hour], key).toBe(average);
    }

    // Follows and unfollows per day: each day as Instagram's follow_type breakdown gives it.
    expect(body.growth.series).toHaveLength(28);
    expect(body.growth.notice).toBeNull();
    let net = 0;
    for (const { day, follows, unfollows } of body.growth.series) {
      const since = Date.parse(`${day}T00:00:00Z`) / 1000;
      const answer = await graph(
        "lena.makes",
        `/${connection.instagram_id}/insights?metric=follows_and_unfollows&period=day&metric_type=total_value&breakdown=follow_type&since=${since}&until=${since + 86_400}`,
      );
      const results = answer.data[0]!.total_value!.breakdowns[0]!.results;
      const of = (type: string) => results.find((r) => r.dimension_values[0] === type)!.value;
      expect(follows, day).toBe(of("FOLLOWER"));
      expect(unfollows, day).toBe(of("NON_FOLLOWER"));
      net += of("FOLLOWER") - of("NON_FOLLOWER");
    }
    const followers = body.followersCount!;
    expect(body.growth.rate).toMatchObject({
      netChange: net,
      startFollowers: followers - net,
      days: 28,
    });
    expect(body.growth.rate!.ratePct).toBeCloseTo((net / (followers - net)) * 100, 10);
    if (net > 0) {
      expect(body.growth.projection!.perDay).toBeCloseTo(net / 28, 10);
    }
  }, 180_000);

  it("says plainly when an account is too small for demographics", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    await setPersonalPlan(testApp, email, "premium");
    await connectSandboxAccount(testApp, client, { username: "oona.bakes", login: "instagram" });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const body = (await (await client.get("/api/analytics/audience")).json()) as Audience;
    expect(body.demographicsNotice).toBe(
      "Instagram shows audience demographics once an account has 100 followers.",
    );
    expect(body.demographics.followers.age).toBeNull();
    expect(body.growth.notice).toBe(
      "Instagram gives follows and unfollows once an account has 100 followers.",
    );
    expect(body.growth.series.every((day) => day.follows === null)).toBe(true);
    expect(body.growth.rate).toBeNull();
    const bad = await client.get("/api/analytics/audience?timezone=Nowhere%2FLand");
    expect(bad.status).toBe(400);
  }, 180_000);
});
