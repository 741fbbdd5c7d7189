import {
  BUSINESS_DISCOVERY_CALLS_PER_HOUR,
  COMPETITOR_POSTS_PER_READ,
  WORKSPACE_HEADER,
} from "@sightline/contracts";
import {
  businessDiscoveryCalls,
  competitorPosts,
  competitors,
  findInstagramConnection,
} from "@sightline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, setPersonalPlan } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { connectSandboxAccount } from "../../testing/instagram.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import { accountClientFor } from "../instagram/index.ts";
import { readWorkspaceCompetitorsJob } from "./jobs/read-workspace-competitors.job.ts";

const DAY_MS = 86_400_000;
// The app and the sandbox share one clock, moved a day at a time for the daily reads.
let clock = Date.now();
let testApp: TestApp;
let client: HttpClient;
let email: string;
let workspaceId: string;
let accountId: string;

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { now: () => clock, sandboxClock: () => clock },
  );
  ({ testApp, client, email } = synced);
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
});

type Account = {
  id: string;
  username: string;
  isOwn: boolean;
  followers: number | null;
  mediaCount: number | null;
  followerSeries: Array<{ day: string; followers: number }>;
  followerGrowth: number | null;
  posts: number;
  lastError: string | null;
  medianEngagement: Record<string, { median: number | null; posts: number }>;
};
type Overview = {
  blocker: string | null;
  blockerKind: string | null;
  limit: number | null;
  tracked: number;
  budget: { lastHour: number; lastDay: number; hourlyLimit: number } | null;
  accounts: Account[];
  bestPosts: Array<{ id: string; username: string; engagement: number }>;
  hashtagGaps: Array<{ tag: string; posts: number; usernames: string[] }>;
};

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const overview = (days = 7) => client.get(`/api/competitors?days=${days}`).then(json<Overview>);
const add = (username: string) => client.post("/api/competitors", { username });

async function graphAccount() {
  const row = await findInstagramConnection(testApp.database.db, workspaceId, accountId);
  return accountClientFor(testApp.instagramContext, row!);
}

async function runDailyRead() {
  await readWorkspaceCompetitorsJob.run(
    { workspaceId },
    { ...testApp.competitorsContext, jobId: "test" },
  );
}

describe("Competitors", () => {
  it("explains why Instagram Login cannot look competitors up, and refuses to add one", async () => {
    const state = await overview();
    expect(state.blockerKind).toBe("switch_to_facebook");
    expect(state.blocker).toContain("only to accounts connected through Facebook Login");
    const refused = await add("kiln.and.kettle");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Switch to Facebook Login in Settings");
    // Nothing was asked of Instagram.
    expect(await testApp.database.db.select().from(businessDiscoveryCalls)).toEqual([]);
  });

  it("after the switch to Facebook Login: the plan's limits, then add by username", async () => {
    await connectSandboxAccount(testApp, client, {
      username: "lena.makes",
      login: "facebook",
      switch: true,
    });
    expect((await overview()).blocker).toBeNull();

    // Free: no competitors at all; the refusal names the plan that has them.
    const free = await add("kiln.and.kettle");
    expect(free.status).toBe(403);
    expect(await free.json()).toMatchObject({
      error: { code: "plan_required", requiredPlan: "starter", capability: "competitors" },
    });

    await setPersonalPlan(testApp, email, "starter");
    const invalid = await add("not a name!");
    expect(invalid.status).toBe(422);
    expect(await invalid.text()).toContain("only letters, digits, dots and underscores");
    const own = await add("@lena.makes");
    expect(own.status).toBe(422);
    const missing = await add("no.such.account.here");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("personal accounts cannot be looked up");

    const added = await json<{ competitor: { username: string; name: string } }>(
      await add("@Kiln.And.Kettle"),
      201,
    );
    expect(added.competitor).toMatchObject({
      username: "kiln.and.kettle",
      name: "Kiln & Kettle Studio",
    });
    const again = await add("kiln.and.kettle");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("You already track @kiln.and.kettle.");

    const over = await add("harbor.clayworks");
    expect(over.status).toBe(403);
    expect((await over.json()) as unknown).toMatchObject({
      error: {
        code: "plan_required",
        message: "The Starter plan can track up to 1 competitor. Upgrade to Pro to track up to 5.",
        requiredPlan: "pro",
      },
    });

    await setPersonalPlan(testApp, email, "pro");
    await json(await add("harbor.clayworks"), 201);
    await json(await add("fernwood.pottery"), 201);
    const state = await overview();
    expect(state).toMatchObject({ limit: 5, tracked: 3 });
    // Settings → Plan's meter counts the same (the account itself is not a competitor).
    const usage = await json<{ meters: Array<{ capability: string }> }>(
      await client.get("/api/plan"),
    );
    expect(usage.meters).toContainEqual({ capability: "competitors", used: 3, limit: 5 });
    // The account itself comes first, read the same way; then the competitors as added.
    expect(state.accounts.map((account) => [account.username, account.isOwn])).toEqual([
      ["lena.makes", true],
      ["kiln.and.kettle", false],
      ["harbor.clayworks", false],
      ["fernwood.pottery", false],
    ]);
    // One call per look-up that reached Instagram: the missing name, three adds, the account.
    expect(state.budget).toMatchObject({ lastHour: 5, lastDay: 5 });
  });

  it("shows exactly what Business Discovery answered at each daily read", async () => {
    const graph = await graphAccount();
    const db = testApp.database.db;
    const seen = new Map<string, number[]>();
    for (let day = 0; day < 3; day++) {
      if (day > 0) clock += DAY_MS;
      const callsBefore = (await overview()).budget!.lastDay;
      await runDailyRead();
      const state = await overview();
      // Day 0 was read when they were added: a second read that day is not made.
      expect(state.budget!.lastDay - callsBefore).toBe(day === 0 ? 0 : 4);
      for (const account of state.accounts) {
        const answer = await graph.businessDiscovery(account.username, {
          mediaLimit: COMPETITOR_POSTS_PER_READ,
        });
        expect(account.followers, account.username).toBe(answer.followers_count);
        expect(account.mediaCount, account.username).toBe(answer.media_count);
        seen.set(account.username, [...(seen.get(account.username) ?? []), account.followers!]);
        expect(account.followerSeries.map((point) => point.followers)).toEqual(
          seen.get(account.username),
        );
        // Each post's numbers are the read's, as given (likes hidden stay unknown).
        const stored = await db
          .select()
          .from(competitorPosts)
          .where(eq(competitorPosts.competitorId, account.id));
        for (const media of answer.media!.data) {
          const row = stored.find((entry) => entry.mediaId === media.id);
          expect(row, `${account.username} ${media.id}`).toMatchObject({
            likeCount: media.like_count ?? null,
            commentsCount: media.comments_count ?? null,
            viewCount: media.view_count ?? null,
            mediaType: media.media_type,
            productType: media.media_product_type,
          });
        }
      }
      for (const best of state.bestPosts) {
        const row = (
          await db.select().from(competitorPosts).where(eq(competitorPosts.mediaId, best.id))
        )[0]!;
        expect(best.engagement).toBe(row.likeCount! + row.commentsCount!);
      }
    }
    const state = await overview();
    for (const account of state.accounts) {
      const series = seen.get(account.username)!;
      expect(account.followerGrowth).toBe(series.at(-1)! - series[0]!);
    }
    // Followers moved over the days for at least some of them (the sandbox's daily history).
    expect(state.accounts.some((account) => account.followerGrowth !== 0)).toBe(true);
    const kiln = state.accounts.find((account) => account.username === "kiln.and.kettle")!;
    expect(kiln.posts).toBeGreaterThan(0);
    expect(Object.values(kiln.medianEngagement).some((format) => format.median !== null)).toBe(
      true,
    );
    // Hashtags the competitors use that lena.makes's posts never carry.
    expect(state.hashtagGaps.length).toBeGreaterThan(0);
    expect(state.hashtagGaps.map((gap) => gap.tag)).toContain("kilnandkettle");
    for (const gap of state.hashtagGaps) expect(gap.usernames).not.toContain("lena.makes");
  });

  it("keeps within Business Discovery's hourly budget: adding and reading wait", async () => {
    const db = testApp.database.db;
    clock += DAY_MS;
    const now = new Date(clock);
    const before = (await overview()).budget!.lastHour;
    expect(before).toBe(0);
    await db.insert(businessDiscoveryCalls).values(
      Array.from({ length: BUSINESS_DISCOVERY_CALLS_PER_HOUR - before }, () => ({
        workspaceId,
        accountId,
        calledAt: now,
      })),
    );
    const refused = await add("slowform.studio");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(
      `made its ${BUSINESS_DISCOVERY_CALLS_PER_HOUR} competitor look-ups for this hour`,
    );
    await runDailyRead();
    // Nothing read: the new day's reads wait for the budget.
    const state = await overview();
    expect(state.budget!.lastHour).toBe(BUSINESS_DISCOVERY_CALLS_PER_HOUR);
    expect(state.accounts.every((account) => account.followerSeries.length === 3)).toBe(true);
    clock += 2 * 3_600_000;
    await runDailyRead();
    expect((await overview()).accounts.every((a) => a.followerSeries.length === 4)).toBe(true);
  });

  it("keeps every workspace's competitors to itself, and removes one", async () => {
    const state = await overview();
    const harbor = state.accounts.find((account) => account.username === "harbor.clayworks")!;
    const own = state.accounts.find((account) => account.isOwn)!;

    const { client: stranger } = await createVerifiedUser(testApp);
    const theirs = await json<Overview>(await stranger.get("/api/competitors"));
    expect(theirs).toMatchObject({ accounts: [], tracked: 0, blockerKind: "connect" });
    // Another workspace's id names nothing here; asking in that workspace is not theirs to do.
    expect(
      (await stranger.request(`/api/competitors/${harbor.id}`, { method: "DELETE" })).status,
    ).toBe(404);
    const foreign = await stranger.get("/api/competitors", {
      headers: { [WORKSPACE_HEADER]: workspaceId },
    });
    expect(foreign.status).toBe(404);
    expect(
      (
        await stranger.request(`/api/competitors/${harbor.id}`, {
          method: "DELETE",
          headers: { [WORKSPACE_HEADER]: workspaceId },
        })
      ).status,
    ).toBe(404);

    // The account's own column is not a competitor to remove.
    expect((await client.request(`/api/competitors/${own.id}`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect(
      (await client.request(`/api/competitors/${harbor.id}`, { method: "DELETE" })).status,
    ).toBe(204);
    const after = await overview();
    expect(after.accounts.map((account) => account.username)).not.toContain("harbor.clayworks");
    expect(after.tracked).toBe(2);
    const rows = await testApp.database.db
      .select()
      .from(competitors)
      .where(and(eq(competitors.workspaceId, workspaceId), eq(competitors.id, harbor.id)));
    expect(rows).toEqual([]);
  });

  it("after a downgrade reads only the plan's number of competitors", async () => {
    await setPersonalPlan(testApp, email, "starter");
    clock += DAY_MS;
    await runDailyRead();
    const after = await overview(30);
    const fernwood = after.accounts.find((account) => account.username === "fernwood.pottery")!;
    const kiln = after.accounts.find((account) => account.username === "kiln.and.kettle")!;
    expect(kiln.followerSeries.length).toBe(5);
    expect(fernwood.followerSeries.length).toBe(4);
    expect((fernwood as Account & { pausedReason: string }).pausedReason).toContain(
      "the Starter plan can track up to 1 competitor",
    );
  });
});
