import { describe, expect, it } from "vitest";
import { caught } from "./assertions.ts";
import { createRig } from "./test-rig.ts";

const DAY = 24 * 3600_000;

describe("insights as Meta answers them (§12.4, §12.5)", () => {
  it("answers profile_views and website_clicks as total_value metrics only", async () => {
    const rig = createRig();
    const account = rig.igAccount("lena.makes");
    const until = rig.sandbox.now().getTime();
    const response = await account.getAccountInsights({
      metrics: ["profile_views", "website_clicks"],
      period: "day",
      metricType: "total_value",
      since: new Date(until - 7 * DAY),
      until: new Date(until),
    });
    const byName = Object.fromEntries(response.data.map((entry) => [entry.name, entry]));
    expect(byName.profile_views?.total_value?.value).toBeGreaterThan(0);
    expect(byName.website_clicks?.total_value?.value).toBeGreaterThanOrEqual(0);
    expect(
      await caught(
        account.getAccountInsights({
          metrics: ["profile_views"],
          period: "day",
          since: new Date(until - DAY),
          until: new Date(until),
        }),
      ),
    ).toMatchObject({
      code: 100,
      graphMessage: expect.stringContaining("metric_type=total_value"),
    });
  });

  it("gives follows_and_unfollows no total_value unless broken down by follow_type", async () => {
    const rig = createRig();
    const account = rig.igAccount("lena.makes");
    const until = rig.sandbox.now().getTime();
    const query = {
      metrics: ["follows_and_unfollows"],
      period: "day" as const,
      metricType: "total_value" as const,
      since: new Date(until - 7 * DAY),
      until: new Date(until),
    };
    const plain = await account.getAccountInsights(query);
    expect(plain.data[0]?.name).toBe("follows_and_unfollows");
    expect(plain.data[0]).not.toHaveProperty("total_value");
    const broken = await account.getAccountInsights({ ...query, breakdown: "follow_type" });
    expect(broken.data[0]?.total_value?.breakdowns?.[0]?.results).toHaveLength(2);
  });

  it("accepts link_clicks for posts and answers impressions with a per-type error", async () => {
    const rig = createRig();
    const account = rig.igAccount("lena.makes");
    const { data } = await account.listMedia({ limit: 40 });
    const image = data.find((media) => media.media_type === "IMAGE")!;
    const reel = data.find((media) => media.media_product_type === "REELS")!;
    const [linkClicks] = await account.getMediaInsights(image.id, ["link_clicks"]);
    expect(linkClicks?.values?.[0]?.value).toBeGreaterThanOrEqual(0);
    const onImage = await caught(account.getMediaInsights(image.id, ["impressions"]));
    const onReel = await caught(account.getMediaInsights(reel.id, ["impressions"]));
    expect(onImage).toMatchObject({ code: 100 });
    expect(onReel).toMatchObject({ code: 100 });
    expect(onImage.graphMessage).not.toBe(onReel.graphMessage);
  });

  it("gives a new post views and likes at once and reach about an hour later, never zeros for missing data", async () => {
    const rig = createRig();
    const account = rig.igAccount("oona.bakes");
    const container = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    rig.advance(3_000);
    const post = await account.publish(container.id);
    const early = await account.getMediaInsights(post.id, ["views", "likes", "reach", "saved"]);
    expect(early.map((metric) => metric.name).sort()).toEqual(["likes", "views"]);
    expect(await account.getMediaInsights(post.id, ["reach"])).toEqual([]);
    rig.advance(61 * 60_000);
    const later = await account.getMediaInsights(post.id, ["views", "likes", "reach", "saved"]);
    expect(later.map((metric) => metric.name).sort()).toEqual(["likes", "reach", "saved", "views"]);
  });
});
