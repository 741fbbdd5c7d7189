import {
  isGraphApiError,
  parseWebhookPayload,
  storyInsightsChangeValueSchema,
} from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { STORY_LIFETIME_MS, storyNavigation } from "../live/stories.ts";
import { signedWith } from "./assertions.ts";
import { APP_SECRET, createRig, INSTAGRAM_APP_SECRET } from "./test-rig.ts";

const HOUR = 3_600_000;

function storyHooks(rig: ReturnType<typeof createRig>) {
  return rig.webhooks.filter((hook) =>
    parseWebhookPayload(hook.body).entry.some((entry) =>
      (entry.changes ?? []).some((change) => change.field === "story_insights"),
    ),
  );
}

describe("stories: live, growing, expiring with a story_insights webhook (§3.1, §3.2, §6.4)", () => {
  it("answers a live story's insights, growing while it lives, with navigation's breakdown", async () => {
    const rig = createRig();
    const client = rig.fbAccount();
    const [story] = (await client.listStories()).data;
    expect(story?.media_product_type).toBe("STORY");
    const first = await client.getStoryInsights(story!.id);
    rig.advance(2 * HOUR);
    const later = await client.getStoryInsights(story!.id);
    expect(first?.views).toBeGreaterThan(0);
    expect(later!.views!).toBeGreaterThan(first!.views!);
    expect(later!.reach!).toBeGreaterThanOrEqual(first!.reach!);
    expect(later!.navigationActions).toEqual({
      TAP_FORWARD: storyNavigation(later!.views!).TAP_FORWARD,
      TAP_BACK: storyNavigation(later!.views!).TAP_BACK,
      TAP_EXIT: storyNavigation(later!.views!).TAP_EXIT,
      SWIPE_FORWARD: storyNavigation(later!.views!).SWIPE_FORWARD,
    });
    expect(later!.navigation).toBe(storyNavigation(later!.views!).total);
    // Retired story metrics are refused, as Meta does since v18/v22.
    for (const retired of ["impressions", "taps_forward", "exits"]) {
      const error = await client.getMediaInsights(story!.id, [retired]).catch((e: unknown) => e);
      expect(isGraphApiError(error)).toBe(true);
    }
  });

  it("drops a story after 24 h and sends its final figures once, to a Facebook Login subscriber", async () => {
    const rig = createRig();
    const client = rig.fbAccount();
    await client.subscribeWebhooks(["comments", "story_insights"]);
    const stories = (await client.listStories()).data;
    expect(stories.length).toBeGreaterThan(0);
    const story = stories.reduce((a, b) => (a.timestamp! < b.timestamp! ? a : b));
    const postedAt = Date.parse(story.timestamp!.replace("+0000", "Z"));
    // The last moment it lives: its figures then are the ones the webhook carries.
    rig.setNow(new Date(postedAt + STORY_LIFETIME_MS));
    const last = await client.getStoryInsights(story.id);
    expect(last).not.toBeNull();
    await rig.sandbox.tick();
    const hooks = storyHooks(rig);
    expect(hooks.length).toBeGreaterThanOrEqual(1);
    const mine = hooks
      .map((hook) => ({ hook, entry: parseWebhookPayload(hook.body).entry[0]! }))
      .find(({ entry }) =>
        entry.changes!.some(
          (change) =>
            storyInsightsChangeValueSchema.parse(change.value).media_id === String(story.id),
        ),
      );
    expect(mine).toBeDefined();
    expect(signedWith(mine!.hook, APP_SECRET)).toBe(true);
    expect(signedWith(mine!.hook, INSTAGRAM_APP_SECRET)).toBe(false);
    expect(mine!.entry.id).toBe(rig.lena.igUserId);
    expect(mine!.entry.time).toBe(Math.floor((postedAt + STORY_LIFETIME_MS) / 1000));
    const value = storyInsightsChangeValueSchema.parse(mine!.entry.changes![0]!.value);
    expect(value).toEqual({
      media_id: String(story.id),
      impressions: last!.views,
      reach: last!.reach,
      taps_forward: last!.navigationActions.TAP_FORWARD,
      taps_back: last!.navigationActions.TAP_BACK,
      exits: last!.navigationActions.TAP_EXIT,
      replies: last!.replies,
    });

    // Gone from the API, and sent once however often the clock ticks.
    rig.advance(1000);
    expect((await client.listStories()).data.map((entry) => entry.id)).not.toContain(story.id);
    expect(await client.getStoryInsights(story.id)).toBeNull();
    const count = storyHooks(rig).length;
    await rig.sandbox.tick();
    rig.advance(HOUR);
    await rig.sandbox.tick();
    expect(
      storyHooks(rig).filter((hook) => hook.body.includes(`"media_id":"${story.id}"`)),
    ).toHaveLength(1);
    expect(storyHooks(rig).length).toBe(count);
  });

  it("sends no story_insights to Instagram Login, which cannot subscribe to it", async () => {
    const rig = createRig();
    const client = rig.igAccount();
    const refused = await client
      .subscribeWebhooks(["comments", "story_insights"])
      .catch((error: unknown) => error);
    expect(isGraphApiError(refused)).toBe(true);
    await client.subscribeWebhooks(["comments"]);
    rig.advance(30 * HOUR);
    await rig.sandbox.tick();
    expect(storyHooks(rig)).toHaveLength(0);
  });

  it("posts new stories over time in its live activity, each readable while it lives", async () => {
    const rig = createRig();
    const client = rig.fbAccount();
    await client.subscribeWebhooks(["story_insights"]);
    const before = new Set((await client.listStories()).data.map((story) => story.id));
    rig.sandbox.setActivity("high");
    for (let step = 0; step < 40; step++) {
      rig.advance(10 * 60_000);
      await rig.sandbox.tick();
    }
    const after = (await client.listStories()).data.filter((story) => !before.has(story.id));
    expect(after.length).toBeGreaterThan(0);
    const fresh = after[0]!;
    expect(fresh.media_product_type).toBe("STORY");
    const insights = await client.getStoryInsights(fresh.id).catch((error: unknown) => error);
    // A story with too few viewers is refused with code 10 (§3.2); otherwise it has figures.
    if (isGraphApiError(insights)) expect(insights.code).toBe(10);
    else expect((insights as { views: number }).views).toBeGreaterThanOrEqual(5);
    // The control posts one now, or backdated (still live) so its insights have grown.
    const posted = await rig.control("/simulate/story", {
      username: "lena.makes",
      postedMinutesAgo: 180,
    });
    expect(posted.status).toBe(201);
    const backdated = (await client.listStories()).data.find(
      (entry) => entry.id === posted.json.id,
    );
    expect(Date.parse(backdated!.timestamp!.replace("+0000", "Z"))).toBe(
      rig.now().getTime() - 180 * 60_000,
    );
    expect((await client.getStoryInsights(backdated!.id))!.views).toBeGreaterThan(0);
    // Its expiry sends its final figures.
    rig.advance(25 * HOUR);
    await rig.sandbox.tick();
    expect(storyHooks(rig).some((hook) => hook.body.includes(`"media_id":"${fresh.id}"`))).toBe(
      true,
    );
  });
});
