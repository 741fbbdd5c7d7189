import { hashtagLookups, trendSamples } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../../testing/factories.ts";
import type { HttpClient } from "../../../testing/http-client.ts";
import { connectSandboxAccount } from "../../../testing/instagram.ts";

let testApp: TestApp;
let client: HttpClient;
let workspaceId: string;
let accountId: string;

beforeAll(async () => {
  // Two Sightline users on one Instagram account share its copy of the demo accounts.
  testApp = await createTestApp({ sandboxSharedCopy: "team" });
  ({ client } = await createVerifiedUser(testApp));
  // Hashtag search exists only behind Facebook Login (Graph API contract §7).
  const connection = await connectSandboxAccount(testApp, client, {
    username: "northfield.coffee",
    login: "facebook",
  });
  workspaceId = connection.workspace_id;
  accountId = connection.instagram_id;
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

type Overview = {
  blocker: string | null;
  blockerKind: string | null;
  budget: { used: number; remaining: number; nextSlotAt: string | null; counted: string[] } | null;
  hashtagLimit: number;
  hashtags: Array<{
    id: string;
    name: string;
    stats: {
      dailyVolume: number;
      currentVolume: number;
      previousVolume: number;
      label: string;
      reason: string;
      medianTopEngagement: number | null;
      topCount: number;
    } | null;
    topMedia: Array<{ mediaUrl: string | null }>;
  }>;
};

describe("Trend Radar", () => {
  it("tracks a hashtag, spends one look-up and samples its media", async () => {
    const response = await client.post("/api/trend-radar/hashtags", { name: "#Coffee" });
    expect(response.status).toBe(201);
    expect((await json<{ hashtag: { name: string } }>(response)).hashtag.name).toBe("coffee");
    await testApp.radarsContext.queue.idle({ timeoutMs: 60_000 });
    const overview = await json<Overview>(await client.get("/api/trend-radar"));
    expect(overview.blocker).toBeNull();
    expect(overview.budget).toMatchObject({ used: 1, remaining: 29, counted: ["coffee"] });
    const [coffee] = overview.hashtags;
    expect(coffee?.stats).not.toBeNull();
    const stats = coffee!.stats!;
    expect(stats.topCount).toBeGreaterThan(0);
    expect(stats.medianTopEngagement).toBeGreaterThan(0);
    expect(stats.dailyVolume).toBe(stats.currentVolume + stats.previousVolume);
    expect(["Rising", "Steady", "Cooling"]).toContain(stats.label);
    expect(stats.reason).toContain(`${stats.currentVolume} posts in the last 12 h`);
    expect(coffee!.topMedia.length).toBeGreaterThan(0);
  });

  it("counts the look-ups of everyone connected to the same Instagram account", async () => {
    // Instagram's 30 are the account's: a second Sightline user on it starts from what is spent.
    const { client: teammate } = await createVerifiedUser(testApp);
    await connectSandboxAccount(testApp, teammate, {
      username: "northfield.coffee",
      login: "facebook",
    });
    const before = await json<Overview>(await teammate.get("/api/trend-radar"));
    expect(before.budget).toMatchObject({ used: 1, remaining: 29, counted: ["coffee"] });
    // A hashtag the account looked up this week costs nothing more, whoever tracks it.
    expect((await teammate.post("/api/trend-radar/hashtags", { name: "coffee" })).status).toBe(201);
    const after = await json<Overview>(await client.get("/api/trend-radar"));
    expect(after.budget).toMatchObject({ used: 1, remaining: 29 });
  });

  it("refuses a hashtag already tracked, and names with spaces or emoji", async () => {
    expect((await client.post("/api/trend-radar/hashtags", { name: "coffee" })).status).toBe(409);
    const bad = await client.post("/api/trend-radar/hashtags", { name: "latte art" });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("only letters, digits and underscores");
  });

  it("deleting and tracking again within the week costs nothing", async () => {
    const overview = await json<Overview>(await client.get("/api/trend-radar"));
    const id = overview.hashtags[0]!.id;
    expect(
      (await client.request(`/api/trend-radar/hashtags/${id}`, { method: "DELETE" })).status,
    ).toBe(204);
    expect((await client.post("/api/trend-radar/hashtags", { name: "coffee" })).status).toBe(201);
    const after = await json<Overview>(await client.get("/api/trend-radar"));
    expect(after.budget?.used).toBe(1);
  });

  it("refuses past the 30 look-ups in 7 days, saying when the next slot frees", async () => {
    const now = Date.now();
    const oldest = new Date(now - 6 * 24 * 3_600_000);
    await testApp.database.db.insert(hashtagLookups).values(
      Array.from({ length: 29 }, (_, index) => ({
        workspaceId,
        accountId,
        name: `filler${index}`,
        lookedUpAt: index === 0 ? oldest : new Date(now - 3_600_000),
      })),
    );
    const overview = await json<Overview>(await client.get("/api/trend-radar"));
    expect(overview.budget).toMatchObject({ used: 30, remaining: 0 });
    const refused = await client.post("/api/trend-radar/hashtags", { name: "pourover" });
    expect(refused.status).toBe(429);
    const frees = new Date(oldest.getTime() + 7 * 24 * 3_600_000)
      .toISOString()
      .slice(0, 16)
      .replace("T", " ");
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(
      `You have used all 30 hashtag look-ups Instagram allows in 7 days. The next one frees up on ${frees} UTC.`,
    );
    await testApp.database.db.delete(hashtagLookups);
  });

  it("the Free plan tracks 3 hashtags and names the plan that tracks more", async () => {
    expect((await client.post("/api/trend-radar/hashtags", { name: "espresso" })).status).toBe(201);
    expect((await client.post("/api/trend-radar/hashtags", { name: "latte" })).status).toBe(201);
    const fourth = await client.post("/api/trend-radar/hashtags", { name: "pourover" });
    expect(fourth.status).toBe(403);
    expect((await json<{ error: { message: string } }>(fourth)).error.message).toBe(
      "The Free plan can track up to 3 hashtags. Upgrade to Starter to track up to 10.",
    );
  });

  it("suggests hashtags from the best posts with the sample size, and ideas from rising ones", async () => {
    await testApp.radarsContext.queue.idle({ timeoutMs: 60_000 });
    const suggestions = await json<{
      bestPosts: {
        sampleSize: number;
        postCount: number;
        hashtags: Array<{ tag: string; posts: number }>;
      };
      ideas: Array<{ hashtag: string; hashtags: string[] }>;
    }>(await client.get("/api/trend-radar/suggestions"));
    expect(suggestions.bestPosts.postCount).toBeGreaterThan(0);
    expect(suggestions.bestPosts.sampleSize).toBeGreaterThan(0);
    expect(suggestions.bestPosts.sampleSize).toBeLessThanOrEqual(20);
    expect(suggestions.bestPosts.hashtags.length).toBeGreaterThan(0);
    for (const entry of suggestions.bestPosts.hashtags) {
      expect(entry.posts).toBeLessThanOrEqual(suggestions.bestPosts.sampleSize);
      expect(["coffee", "espresso", "latte"]).not.toContain(entry.tag);
    }
    const overview = await json<Overview>(await client.get("/api/trend-radar"));
    const rising = overview.hashtags.filter((hashtag) => hashtag.stats?.label === "Rising");
    expect(suggestions.ideas.map((idea) => idea.hashtag)).toEqual(
      rising.map((hashtag) => hashtag.name),
    );
  });

  it("offers a post idea for a rising hashtag only, with the hashtags of its top posts", async () => {
    const overview = await json<Overview>(await client.get("/api/trend-radar"));
    const [rising, steady] = overview.hashtags;
    const sample = (hashtagId: string, currentVolume: number, previousVolume: number) => ({
      workspaceId,
      hashtagId,
      // Newer than the job's own samples, so it is the one the page reads.
      sampledAt: new Date(Date.now() + 60_000),
      currentVolume,
      previousVolume,
      dailyVolume: currentVolume + previousVolume,
      medianTopEngagement: 120,
      topCount: 9,
      topMedia: [],
      coHashtags: [
        ["pourover", 6],
        ["v60", 4],
      ] as Array<[string, number]>,
    });
    await testApp.database.db
      .insert(trendSamples)
      .values([sample(rising!.id, 30, 10), sample(steady!.id, 20, 19)]);
    const { ideas } = await json<{
      ideas: Array<{ hashtag: string; hashtags: string[]; reason: string; sampleSize: number }>;
    }>(await client.get("/api/trend-radar/suggestions"));
    const idea = ideas.find((entry) => entry.hashtag === rising!.name);
    expect(idea).toEqual({
      hashtag: rising!.name,
      hashtags: [rising!.name, "pourover", "v60"],
      reason: "30 posts in the last 12 h, 10 in the 12 h before (+200%).",
      sampleSize: 9,
    });
    expect(ideas.map((entry) => entry.hashtag)).not.toContain(steady!.name);
  });

  it("explains that hashtag search needs Facebook Login", async () => {
    const { client: other } = await createVerifiedUser(testApp);
    await connectSandboxAccount(testApp, other, { username: "lena.makes", login: "instagram" });
    const overview = await json<Overview>(await other.get("/api/trend-radar"));
    expect(overview.blocker).toMatch(/Facebook Login/);
    expect(overview.blockerKind).toBe("switch_to_facebook");
    const refused = await other.post("/api/trend-radar/hashtags", { name: "ceramics" });
    expect(refused.status).toBe(400);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toMatch(
      /Facebook Login/,
    );
  });
});
