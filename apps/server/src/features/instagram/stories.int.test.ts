import { createHmac } from "node:crypto";
import type { AnalyticsStoryDetail, AnalyticsStoryListItem } from "@sightline/contracts";
import { storeStoryRead } from "@sightline/db";
import type { AccountClient, StoryInsights } from "@sightline/instagram-graph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL } from "../../testing/create-test-app.ts";
import { createVerifiedUser, personalWorkspaceId } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import {
  createTestAppWithSyncedAccount,
  type SyncedAccount,
} from "../../testing/synced-account.ts";
import { readStoriesJob } from "./jobs/read-stories.job.ts";

/*
 * Stories captured before they vanish (decision 039), against the embedded sandbox: one synced
 * account (lena.makes), a story posted through the sandbox's control, read by the hourly job, read
 * once more before its end, then closed by the sandbox's `story_insights` webhook at expiry.
 */

const HOUR = 3_600_000;
let clock = Date.now();
let synced: SyncedAccount;
let owner: HttpClient;
let workspaceId: string;
let accountId: string;
let space: string;
let facebook: AccountClient;
let storyId: string;
let postedAt: number;

beforeAll(async () => {
  synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { plan: "pro", now: () => clock, sandboxClock: () => clock },
  );
  owner = synced.client;
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
  space = synced.connection.user_id;
  const sandbox = synced.testApp.sandbox!;
  const info = sandbox.accounts(space).find((account) => account.username === "lena.makes")!;
  // The account's Facebook Login side, which alone may subscribe to story_insights.
  facebook = synced.testApp.instagramContext.graph.account({
    login: "facebook",
    accessToken: sandbox.issueToken({
      username: "lena.makes",
      login: "facebook",
      kind: "page",
      space,
    }),
    igUserId: info.igUserId,
    pageId: info.pageId,
  });
  await facebook.subscribeWebhooks(["comments", "messages", "story_insights"]);
  storyId = sandbox.simulateStory({ username: "lena.makes", space }).id;
  postedAt = clock;
}, 240_000);

afterAll(async () => {
  await synced?.testApp.close();
});

async function readStories(lastReadOf?: string) {
  const queue = synced.testApp.instagramContext.queue;
  await queue.send(readStoriesJob, {
    workspaceId,
    accountId,
    ...(lastReadOf ? { lastReadOf } : {}),
  });
  await queue.idle({ timeoutMs: 60_000 });
}

async function detail(client: HttpClient, id = storyId): Promise<AnalyticsStoryDetail> {
  const response = await client.get(`/api/analytics/stories/${id}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AnalyticsStoryDetail;
}

function expectFigures(item: AnalyticsStoryListItem, answer: StoryInsights) {
  expect({
    reach: item.reach,
    views: item.views,
    replies: item.replies,
    shares: item.shares,
    follows: item.follows,
    profileVisits: item.profileVisits,
    navigation: item.navigation,
    tapsForward: item.tapsForward,
    tapsBack: item.tapsBack,
    exits: item.exits,
    swipesForward: item.swipesForward,
  }).toEqual({
    reach: answer.reach,
    views: answer.views,
    replies: answer.replies,
    shares: answer.shares,
    follows: answer.follows,
    profileVisits: answer.profileVisits,
    navigation: answer.navigation,
    tapsForward: answer.navigationActions.TAP_FORWARD ?? null,
    tapsBack: answer.navigationActions.TAP_BACK ?? null,
    exits: answer.navigationActions.TAP_EXIT ?? null,
    swipesForward: answer.navigationActions.SWIPE_FORWARD ?? null,
  });
}

function signedDelivery(body: string) {
  const secret = synced.testApp.instagram.appSecret;
  return synced.testApp.app.request(`${TEST_PUBLIC_URL}/webhooks/instagram`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    },
    body,
  });
}

describe("stories: read while they live, closed by the story_insights webhook", () => {
  it("stores each hourly read as the sandbox answers it, then the last read before expiry", async () => {
    clock = postedAt + 2 * HOUR;
    await readStories();
    const list = await owner.get("/api/analytics/stories");
    expect(list.status).toBe(200);
    const { items } = (await list.json()) as { items: AnalyticsStoryListItem[] };
    const item = items.find((entry) => entry.id === storyId);
    expect(item?.status).toBe("live");
    expectFigures(item!, (await facebook.getStoryInsights(storyId))!);

    // The last read, minutes before its 24 h end (what the hourly job schedules).
    clock = postedAt + 24 * HOUR - 3 * 60_000;
    await readStories(storyId);
    const last = await detail(owner);
    expectFigures(last.story, (await facebook.getStoryInsights(storyId))!);
    expect(last.snapshots.filter((snapshot) => snapshot.source === "read")).toHaveLength(2);

    // Gone from Instagram: the next read closes it with its last figures (Instagram Login's way).
    clock = postedAt + 24 * HOUR + 60_000;
    await readStories();
    const closed = await detail(owner);
    expect(closed.story.status).toBe("final_last_read");
    expect(closed.story.views).toBe(last.story.views);
  });

  it("replaces them with the webhook's final figures, once, whatever arrives after", async () => {
    // What Instagram answers at the very end is what the expiry webhook carries.
    clock = postedAt + 24 * HOUR;
    const final = (await facebook.getStoryInsights(storyId))!;
    clock = postedAt + 24 * HOUR + 2 * 60_000;
    await synced.testApp.sandbox!.tick();
    await synced.testApp.sandbox!.idle();
    await synced.testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    const closed = await detail(owner);
    expect(closed.story.status).toBe("final_webhook");
    expect({
      reach: closed.story.reach,
      replies: closed.story.replies,
      tapsForward: closed.story.tapsForward,
      tapsBack: closed.story.tapsBack,
      exits: closed.story.exits,
    }).toEqual({
      reach: final.reach,
      replies: final.replies,
      tapsForward: final.navigationActions.TAP_FORWARD,
      tapsBack: final.navigationActions.TAP_BACK,
      exits: final.navigationActions.TAP_EXIT,
    });
    const webhookSnapshots = closed.snapshots.filter((snapshot) => snapshot.source === "webhook");
    expect(webhookSnapshots).toHaveLength(1);

    // A duplicate delivery, an older one with other figures, and a read after: nothing changes.
    const entry = (time: number, reach: number) =>
      JSON.stringify({
        object: "instagram",
        entry: [
          {
            id: accountId,
            time,
            changes: [
              {
                field: "story_insights",
                value: {
                  media_id: storyId,
                  impressions: final.views,
                  reach,
                  taps_forward: final.navigationActions.TAP_FORWARD,
                  taps_back: final.navigationActions.TAP_BACK,
                  exits: final.navigationActions.TAP_EXIT,
                  replies: final.replies,
                },
              },
            ],
          },
        ],
      });
    const time = Math.floor((postedAt + 24 * HOUR) / 1000);
    expect((await signedDelivery(entry(time, final.reach!))).status).toBe(200);
    expect((await signedDelivery(entry(time - 3600, 1))).status).toBe(200);
    await synced.testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    await readStories();
    const after = await detail(owner);
    expect(after.story).toEqual(closed.story);
    expect(after.snapshots.filter((snapshot) => snapshot.source === "webhook")).toHaveLength(2);
    expect(
      after.snapshots.filter(
        (snapshot) => snapshot.source === "webhook" && snapshot.capturedAt === closed.story.asOf,
      ),
    ).toHaveLength(1);
  });

  it("exports the tab as CSV and refuses a bad query with 422", async () => {
    const csv = await owner.get("/api/analytics/stories.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain("posted_at,expires_at,status,media_type,reach,views,replies");
    const row = lines.find((line) => line.includes(storyId))!;
    const { story } = await detail(owner);
    expect(row).toContain("final (expiry webhook)");
    expect(row.split(",")[4]).toBe(String(story.reach));
    expect((await owner.get("/api/analytics/stories?sort=likes")).status).toBe(422);
    expect((await owner.get("/api/analytics/stories?limit=100000")).status).toBe(422);
    expect((await owner.get("/api/analytics/stories/not-an-id!")).status).toBe(422);
  });

  it("reads stories on request, at most ten times an hour per account", async () => {
    for (let index = 0; index < 10; index++) {
      const response = await owner.post("/api/analytics/stories/refresh");
      expect(response.status, await response.clone().text()).toBe(200);
    }
    expect((await owner.post("/api/analytics/stories/refresh")).status).toBe(429);
  });

  it("keeps each workspace's stories to itself", async () => {
    const other = await createVerifiedUser(synced.testApp);
    const otherWorkspace = await personalWorkspaceId(synced.testApp, other.email);
    // The same story id stored for another workspace (the same account connected there too).
    await storeStoryRead(
      synced.testApp.database.db,
      { workspaceId: otherWorkspace, accountId },
      {
        igMediaId: storyId,
        mediaType: "IMAGE",
        caption: null,
        permalink: null,
        thumbnailUrl: null,
        postedAt: new Date(postedAt),
        expiresAt: new Date(postedAt + 24 * HOUR),
        figures: null,
      },
      new Date(clock),
    );
    const mine = await detail(owner);
    expect(mine.story.status).toBe("final_webhook");
    const listed = (await (await owner.get("/api/analytics/stories")).json()) as {
      items: AnalyticsStoryListItem[];
    };
    expect(listed.items.filter((item) => item.id === storyId)).toHaveLength(1);
    // The other user has no connection in their workspace: no stories, no story, no export.
    const list = await other.client.get("/api/analytics/stories");
    expect(await list.json()).toEqual({ connected: false, items: [] });
    expect((await other.client.get(`/api/analytics/stories/${storyId}`)).status).toBe(404);
    expect((await other.client.post("/api/analytics/stories/refresh")).status).toBe(404);
    const csv = await other.client.get("/api/analytics/stories.csv");
    expect(csv.status).toBe(403);
    expect(((await csv.json()) as { error: { code: string } }).error.code).toBe("plan_required");
  });
});
