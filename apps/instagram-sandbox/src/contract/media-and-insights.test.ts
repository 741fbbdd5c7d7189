import type { InstagramMedia } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { caught } from "./assertions.ts";
import { createRig, ORIGIN, type Rig } from "./test-rig.ts";

async function allMedia(
  rig: Rig,
  login: "instagram" | "facebook" = "instagram",
): Promise<InstagramMedia[]> {
  const account = login === "instagram" ? rig.igAccount() : rig.fbAccount();
  const items: InstagramMedia[] = [];
  let after: string | undefined;
  do {
    const page = await account.listMedia({ limit: 100, ...(after ? { after } : {}) });
    items.push(...page.data);
    after = page.nextCursor;
  } while (after);
  return items;
}

describe("media (§3.1)", () => {
  it("lists a year of posts newest first with every media type", async () => {
    const rig = createRig();
    const media = await allMedia(rig);
    expect(media.length).toBeGreaterThan(150);
    const times = media.map((item) => Date.parse(item.timestamp!.replace("+0000", "Z")));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(media.map((item) => item.media_product_type))).toEqual(
      new Set(["FEED", "REELS"]),
    );
    expect(new Set(media.map((item) => item.media_type))).toEqual(
      new Set(["IMAGE", "VIDEO", "CAROUSEL_ALBUM"]),
    );
    expect(media.every((item) => item.timestamp?.endsWith("+0000"))).toBe(true);
    const reel = media.find((item) => item.media_product_type === "REELS")!;
    expect(reel.thumbnail_url).toContain("/sandbox/scontent.cdninstagram.com/v/art/");
    expect(reel.media_url).toContain(".mp4");
    // Reels reach further than feed posts (the sandbox's model: 1.5–3×).
    const account = rig.igAccount();
    const sample = media.slice(0, 60);
    const reach = await Promise.all(
      sample.map(async (item) => ({
        type: item.media_product_type,
        reach: (await account.getMediaInsights(item.id, ["reach"]))[0]!.values![0]!.value as number,
      })),
    );
    const mean = (type: string) => {
      const values = reach.filter((entry) => entry.type === type).map((entry) => entry.reach);
      return values.reduce((a, b) => a + b, 0) / values.length;
    };
    expect(mean("REELS")).toBeGreaterThan(1.3 * mean("FEED"));
  });

  it("filters with since/until, pages backwards and supports nested fields with .limit()", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const until = Date.parse("2025-06-01T00:00:00Z");
    const page = await account.listMedia({
      since: new Date(until - 14 * 86400_000),
      until: new Date(until),
      limit: 100,
    });
    expect(page.data.length).toBeGreaterThan(3);
    for (const item of page.data) {
      const at = Date.parse(item.timestamp!.replace("+0000", "Z"));
      expect(at).toBeLessThanOrEqual(until);
    }
    const first = await account.listMedia({ limit: 5 });
    const second = await account.listMedia({ limit: 5, after: first.nextCursor! });
    const back = await account.listMedia({ limit: 5, before: second.previousCursor! });
    expect(back.data.map((item) => item.id)).toEqual(first.data.map((item) => item.id));
    const token = rig.sandbox.issueToken({ username: "lena.makes", login: "instagram" });
    const fields = encodeURIComponent(
      "id,username,media.limit(2){id,caption,children.limit(1){media_url}}",
    );
    const response = await rig.fetch(
      `${ORIGIN}/sandbox/graph.instagram.com/v23.0/me?fields=${fields}&access_token=${token}`,
    );
    const body = (await response.json()) as {
      media: { data: Array<{ id: string }>; paging: { next?: string } };
    };
    expect(body.media.data).toHaveLength(2);
    expect(body.media.paging.next).toContain(
      `/sandbox/graph.instagram.com/v23.0/${rig.lena.igUserId}/media?`,
    );
  });

  it("answers an unknown field with code 100", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const error = await caught(account.getProfile("id,favourite_colour"));
    expect(error).toMatchObject({ code: 100 });
    expect(error.graphMessage).toContain("nonexisting field (favourite_colour)");
    // account_type exists on [IG] /me but not on the [FB] IG User node (§1.4).
    expect(await caught(rig.fbAccount().getProfile("id,account_type"))).toMatchObject({
      code: 100,
    });
  });

  it("reads profiles on both hosts with the right id vocabulary", async () => {
    const rig = createRig();
    const ig = await rig.igAccount("northfield.coffee").getProfile();
    const fb = await rig.fbAccount("northfield.coffee").getProfile();
    expect(ig).toMatchObject({
      id: rig.northfield.appScopedId,
      user_id: rig.northfield.igUserId,
      account_type: "BUSINESS",
    });
    expect(fb).toMatchObject({ id: rig.northfield.igUserId, username: "northfield.coffee" });
    expect(fb.biography).toContain("Northfield");
    expect(fb.followers_count).toBeGreaterThan(1_800);
    expect(fb.followers_count).toBeLessThan(2_400);
  });

  it("lists live stories separately", async () => {
    const rig = createRig();
    const stories = await rig.igAccount().listStories();
    expect(stories.data.length).toBe(2);
    expect(stories.data.every((story) => story.media_product_type === "STORY")).toBe(true);
    rig.advance(30 * 3600_000);
    expect((await rig.igAccount().listStories()).data).toHaveLength(0);
  });
});

describe("media insights (§3.2)", () => {
  it("returns lifetime metrics by product type and rejects the wrong ones", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const media = await allMedia(rig);
    const feed = media.find((item) => item.media_product_type === "FEED")!;
    const reel = media.find((item) => item.media_product_type === "REELS")!;
    const feedMetrics = [
      "views",
      "reach",
      "likes",
      "comments",
      "saved",
      "shares",
      "total_interactions",
      "follows",
      "profile_visits",
    ];
    const metrics = await account.getMediaInsights(feed.id, feedMetrics);
    expect(metrics.map((metric) => metric.name)).toEqual(feedMetrics);
    const byName = Object.fromEntries(
      metrics.map((metric) => [metric.name, metric.values![0]!.value as number]),
    );
    expect(byName.likes).toBe(feed.like_count);
    expect(byName.comments).toBe(feed.comments_count);
    expect(byName.views).toBeGreaterThanOrEqual(byName.reach!);
    expect(byName.total_interactions).toBe(
      byName.likes! + byName.comments! + byName.saved! + byName.shares!,
    );
    expect(metrics[0]).toMatchObject({
      period: "lifetime",
      id: `${feed.id}/insights/views/lifetime`,
      title: "Views",
    });

    const reelMetrics = await account.getMediaInsights(reel.id, [
      "ig_reels_avg_watch_time",
      "ig_reels_video_view_total_time",
      "reels_skip_rate",
    ]);
    expect(reelMetrics.every((metric) => (metric.values![0]!.value as number) > 0)).toBe(true);

    expect(
      await caught(account.getMediaInsights(feed.id, ["ig_reels_avg_watch_time"])),
    ).toMatchObject({ code: 100 });
    expect(await caught(account.getMediaInsights(feed.id, ["impressions"]))).toMatchObject({
      code: 100,
    });
    expect(await caught(account.getMediaInsights(feed.id, ["video_views"]))).toMatchObject({
      code: 100,
    });
    const activity = await account.getMediaInsights(feed.id, ["profile_activity"], {
      breakdown: "action_type",
    });
    expect(activity[0]?.total_value?.breakdowns?.[0]?.dimension_keys).toEqual(["action_type"]);
    expect(
      await caught(account.getMediaInsights(feed.id, ["reach"], { breakdown: "action_type" })),
    ).toMatchObject({ code: 1, graphMessage: "An unknown error has occurred." });
    const carousel = media.find((item) => item.media_type === "CAROUSEL_ALBUM")!;
    expect(
      await caught(account.getMediaInsights(carousel.children!.data[0]!.id, ["reach"])),
    ).toMatchObject({ code: 100 });
  });

  it("requires the insights permission", async () => {
    const rig = createRig();
    const account = rig.igAccount("lena.makes", ["instagram_business_basic"]);
    const [item] = (await account.listMedia({ limit: 1 })).data;
    expect(await caught(account.getMediaInsights(item!.id, ["reach"]))).toMatchObject({ code: 10 });
  });
});

describe("account insights (§3.3)", () => {
  it("answers total_value metrics with breakdowns and time series for reach and follower_count", async () => {
    const rig = createRig();
    const account = rig.fbAccount();
    const since = new Date("2025-06-01T00:00:00Z");
    const until = new Date("2025-06-15T00:00:00Z");
    const totals = await account.getAccountInsights({
      metrics: ["reach", "views", "accounts_engaged", "total_interactions"],
      period: "day",
      metricType: "total_value",
      since,
      until,
    });
    expect(totals.data.map((metric) => metric.name)).toEqual([
      "reach",
      "views",
      "accounts_engaged",
      "total_interactions",
    ]);
    expect(totals.data.every((metric) => (metric.total_value?.value ?? 0) > 0)).toBe(true);
    const byProduct = await account.getAccountInsights({
      metrics: ["reach"],
      period: "day",
      metricType: "total_value",
      breakdown: "media_product_type",
      since,
      until,
    });
    const results = byProduct.data[0]!.total_value!.breakdowns![0]!.results;
    expect(results.map((row) => row.dimension_values[0])).toEqual(["FEED", "REELS", "STORY"]);
    const series = await account.getAccountInsights({
      metrics: ["reach", "follower_count"],
      period: "day",
      since,
      until,
    });
    expect(series.data[0]!.values).toHaveLength(14);
    expect(series.data[0]!.values![0]!.end_time).toBe("2025-06-02T00:00:00+0000");
    expect(
      series.data[1]!.values!.every((entry) => typeof entry.value === "number" && entry.value >= 0),
    ).toBe(true);
    // The same call twice gives the same numbers (deterministic).
    const again = await account.getAccountInsights({
      metrics: ["reach"],
      period: "day",
      since,
      until,
    });
    expect(again.data[0]!.values).toEqual(series.data[0]!.values);
  });

  it("rejects windows over 30 days, removed metrics and missing metric_type", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    expect(
      await caught(
        account.getAccountInsights({
          metrics: ["reach"],
          period: "day",
          since: new Date("2025-04-01T00:00:00Z"),
          until: new Date("2025-06-01T00:00:00Z"),
        }),
      ),
    ).toMatchObject({ code: 100 });
    expect(
      await caught(account.getAccountInsights({ metrics: ["impressions"], period: "day" })),
    ).toMatchObject({ code: 100 });
    const error = await caught(
      account.getAccountInsights({ metrics: ["accounts_engaged"], period: "day" }),
    );
    expect(error.graphMessage).toContain("metric_type=total_value");
  });

  it("answers reach per day, week and days_28 (§12.4)", async () => {
    const account = createRig().igAccount();
    const since = new Date("2025-06-10T00:00:00Z");
    const until = new Date("2025-06-12T00:00:00Z");
    const reachFor = async (period: "day" | "week" | "days_28") => {
      const answer = await account.getAccountInsights({
        metrics: ["reach"],
        period,
        metricType: "time_series",
        since,
        until,
      });
      expect(answer.data[0]!.period).toBe(period);
      return answer.data[0]!.values!.map((entry) => Number(entry.value));
    };
    const [day, week, month] = [
      await reachFor("day"),
      await reachFor("week"),
      await reachFor("days_28"),
    ];
    expect(week).toHaveLength(day.length);
    for (const [index, value] of day.entries()) {
      expect(week[index]!).toBeGreaterThan(value);
      expect(month[index]!).toBeGreaterThan(week[index]!);
    }
  });

  it("counts reach and accounts engaged over a range as unique people, not a sum of days", async () => {
    const account = createRig().igAccount();
    const day = (offset: number) =>
      new Date(Date.parse("2025-06-01T00:00:00Z") + offset * 86_400_000);
    const daily = await account.getAccountInsights({
      metrics: ["reach"],
      period: "day",
      since: day(0),
      until: day(28),
    });
    const perDay = daily.data[0]!.values!.map((entry) => Number(entry.value));
    expect(perDay).toHaveLength(28);
    const total = async (metric: "reach" | "accounts_engaged", from: number, to: number) => {
      const answer = await account.getAccountInsights({
        metrics: [metric],
        period: "day",
        metricType: "total_value",
        since: day(from),
        until: day(to),
      });
      return Number(answer.data[0]!.total_value!.value);
    };
    // One day: exactly that day's figure.
    expect(await total("reach", 3, 4)).toBe(perDay[3]);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    let previous = 0;
    for (const days of [2, 7, 14, 28]) {
      const reach = await total("reach", 0, days);
      // Below the sum of the days (people come back), at least the biggest day, growing with
      // the range.
      expect(reach).toBeLessThan(sum(perDay.slice(0, days)));
      expect(reach).toBeGreaterThanOrEqual(Math.max(...perDay.slice(0, days)));
      expect(reach).toBeGreaterThanOrEqual(previous);
      previous = reach;
    }
    const engagedDays = await Promise.all(
      Array.from({ length: 7 }, (_, index) => total("accounts_engaged", index, index + 1)),
    );
    const engaged = await total("accounts_engaged", 0, 7);
    expect(engaged).toBeLessThan(sum(engagedDays));
    expect(engaged).toBeGreaterThanOrEqual(Math.max(...engagedDays));
  });

  it("answers a closed range's unique counts the same later, as the account gains followers", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const since = new Date("2025-05-20T00:00:00Z");
    const until = new Date("2025-06-10T00:00:00Z");
    const read = async () => {
      const totals = await account.getAccountInsights({
        metrics: ["reach", "accounts_engaged"],
        period: "day",
        metricType: "total_value",
        since,
        until,
      });
      const weekly = await account.getAccountInsights({
        metrics: ["reach"],
        period: "days_28",
        metricType: "time_series",
        since: new Date("2025-06-08T00:00:00Z"),
        until,
      });
      return {
        totals: totals.data.map((entry) => [entry.name, entry.total_value?.value]),
        days28: weekly.data[0]!.values!.map((entry) => entry.value),
      };
    };
    const before = await read();
    const followers = async () => (await account.getProfile()).followers_count;
    const followersBefore = await followers();
    rig.advance(3 * 86_400_000);
    expect(await followers()).not.toBe(followersBefore);
    expect(await read()).toEqual(before);
  });

  it("breaks follows_and_unfollows down into FOLLOWER and NON_FOLLOWER only (§12.4)", async () => {
    const answer = await createRig()
      .igAccount()
      .getAccountInsights({
        metrics: ["follows_and_unfollows"],
        period: "day",
        metricType: "total_value",
        breakdown: "follow_type",
        since: new Date("2025-06-10T00:00:00Z"),
        until: new Date("2025-06-12T00:00:00Z"),
      });
    const results = answer.data[0]!.total_value!.breakdowns![0]!.results;
    expect(results.map((bucket) => bucket.dimension_values)).toEqual([
      ["FOLLOWER"],
      ["NON_FOLLOWER"],
    ]);
  });

  it("serves follower and engaged-audience demographics", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const countries = await account.getFollowerDemographics({ breakdown: "country" });
    expect(countries[0]).toMatchObject({ dimensions: ["DE"] });
    expect(countries.length).toBeGreaterThan(10);
    expect(countries.length).toBeLessThanOrEqual(45);
    const ageGender = await account.getFollowerDemographics({ breakdown: "age,gender" });
    expect(
      ageGender.find((bucket) => bucket.dimensions[0] === "25-34" && bucket.dimensions[1] === "F")!
        .value,
    ).toBeGreaterThan(5_000);
    const cities = await account.getEngagedAudienceDemographics({
      breakdown: "city",
      timeframe: "this_week",
    });
    expect(cities[0]?.dimensions[0]).toBe("Berlin, Berlin");
    const raw = await account.getAccountInsights({
      metrics: ["follower_demographics"],
      period: "lifetime",
      metricType: "total_value",
      breakdown: "gender",
      timeframe: "this_month",
    });
    expect(raw.data[0]!.total_value!.breakdowns![0]!.dimension_keys).toEqual([
      "timeframe",
      "gender",
    ]);
    expect(raw.data[0]!.total_value!.breakdowns![0]!.results[0]!.dimension_values[0]).toBe(
      "THIS_MONTH",
    );
    expect(
      await caught(
        account.getAccountInsights({
          metrics: ["follower_demographics"],
          period: "lifetime",
          metricType: "total_value",
          breakdown: "age",
          timeframe: "last_90_days",
        }),
      ),
    ).toMatchObject({ code: 100 });
    // §12.4: timeframe is required for demographic metrics; no silent default.
    expect(
      await caught(
        account.getAccountInsights({
          metrics: ["follower_demographics"],
          period: "lifetime",
          metricType: "total_value",
          breakdown: "age",
        }),
      ),
    ).toMatchObject({ code: 100 });
  });

  it("shows online followers with a daily rhythm", async () => {
    const rig = createRig();
    const days = await rig.igAccount().getOnlineFollowers({
      since: new Date("2025-06-10T00:00:00Z"),
      until: new Date("2025-06-13T00:00:00Z"),
    });
    expect(days).toHaveLength(3);
    const hours = days[0]!.hours;
    expect(Object.keys(hours)).toHaveLength(24);
    // Lena's audience is mostly in Central Europe: 19:00 UTC busier than 02:00 UTC.
    expect(hours["19"]!).toBeGreaterThan(2 * hours["2"]!);
  });

  it("hides follower metrics below 100 followers", async () => {
    const rig = createRig();
    const account = rig.igAccount("oona.bakes");
    expect(await account.getFollowerDemographics({ breakdown: "age" })).toEqual([]);
    expect(await account.getOnlineFollowers()).toEqual([]);
    const reach = await account.getAccountInsights({
      metrics: ["reach", "follower_count"],
      period: "day",
    });
    expect(reach.data.map((metric) => metric.name)).toEqual(["reach"]);
  });
});
