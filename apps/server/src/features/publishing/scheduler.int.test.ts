import { randomUUID } from "node:crypto";
import { zonedParts, zonedTimeToInstant } from "@sightline/contracts";
import { findScheduledPostById, insertScheduledPost } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { connectSandboxAccount, sandboxControl } from "../../testing/instagram.ts";
import { accountClientFor } from "../instagram/index.ts";
import { postsToRun, publishIfClaimable } from "./publish-service.ts";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Issue 13: 200 due posts on PostgreSQL; PGlite (one connection) races over fewer. */
const RACE_POSTS = onPostgres ? 200 : 40;

let testApp: TestApp;
let client: HttpClient;
let workspaceId: string;
let accountId: string;
let clockOffset = 0;
let file: { bucket: "instagram-media"; key: string };

beforeAll(async () => {
  testApp = await createTestApp({
    now: () => Date.now() + clockOffset,
    sandboxQuotaTotal: 1_000,
  });
  ({ client } = await createVerifiedUser(testApp));
  const connection = await connectSandboxAccount(testApp, client, {
    username: "northfield.coffee",
    login: "instagram",
  });
  workspaceId = connection.workspace_id;
  accountId = connection.instagram_id;
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  const uploaded = await client.request("/api/uploads/instagram-media", {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: new Uint8Array(await sample.arrayBuffer()),
  });
  file = (await uploaded.json()) as typeof file;
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

async function liveCaptions(): Promise<string[]> {
  const { findInstagramConnection } = await import("@sightline/db");
  const connection = await findInstagramConnection(testApp.database.db, workspaceId);
  const account = accountClientFor(testApp.instagramContext, connection!);
  const captions: string[] = [];
  let after: string | undefined;
  do {
    const page = await account.listMedia({
      limit: 100,
      fields: "id,caption",
      ...(after ? { after } : {}),
    });
    captions.push(...page.data.map((media) => media.caption ?? ""));
    after = page.nextCursor;
  } while (after);
  return captions;
}

describe("the scheduler worker", () => {
  it("publishes a post due now within 5 s of its time", async () => {
    testApp.instagramContext.publishRuntime = undefined;
    const caption = `On time ${randomUUID().slice(0, 8)}`;
    const at = new Date(Date.now() + 1_500);
    const response = await client.post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "image" }],
      caption,
      scheduled_time: at.toISOString(),
      time_zone: "Europe/Lisbon",
    });
    expect(response.status).toBe(201);
    const { post } = (await response.json()) as { post: { id: string } };
    let row = await findScheduledPostById(testApp.database.db, post.id);
    while (row?.status !== "published" && Date.now() < at.getTime() + 15_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await findScheduledPostById(testApp.database.db, post.id);
    }
    expect(row?.status).toBe("published");
    const lateness = row!.publishedAt!.getTime() - at.getTime();
    console.info(`published ${lateness} ms after its time`);
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(5_000);
  }, 60_000);

  it(`two workers racing over ${RACE_POSTS} due posts publish each exactly once`, async () => {
    // Waits move the sandbox's clock, so the race is about claims, not about sleeping.
    testApp.instagramContext.publishRuntime = {
      sleep: async (ms) => {
        await sandboxControl(testApp, "/clock", { advanceMs: ms });
      },
    };
    const batch = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (let index = 0; index < RACE_POSTS; index++) {
      const { row } = await insertScheduledPost(testApp.database.db, {
        workspaceId,
        accountId,
        mediaUrl: `/storage/${file.bucket}/${file.key}`,
        mediaType: "IMAGE",
        caption: `Race ${batch} #${index}`,
        scheduledTime: new Date(Date.now() - 1_000),
        status: "scheduled",
        timeZone: "UTC",
        items: [{ ...file, mediaType: "image" }],
        postType: "IMAGE",
      });
      ids.push(row.id);
    }
    const due = await postsToRun(testApp.instagramContext);
    expect(due).toEqual(expect.arrayContaining(ids));
    const outcomes = { published: 0, "not-claimed": 0, failed: 0, lost: 0 };
    /** A worker: five at a time, every post, in its own order. */
    const worker = async (order: string[]) => {
      const queue = [...order];
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          for (let id = queue.shift(); id; id = queue.shift()) {
            outcomes[await publishIfClaimable(testApp.instagramContext, id)]++;
          }
        }),
      );
    };
    await Promise.all([worker(ids), worker([...ids].reverse())]);
    expect(outcomes).toEqual({
      published: RACE_POSTS,
      "not-claimed": RACE_POSTS,
      failed: 0,
      lost: 0,
    });
    const captions = (await liveCaptions()).filter((caption) =>
      caption.startsWith(`Race ${batch} `),
    );
    expect(captions).toHaveLength(RACE_POSTS);
    expect(new Set(captions).size).toBe(RACE_POSTS);
  }, 240_000);

  it("keeps the instant across a daylight-saving change between scheduling and publishing", async () => {
    testApp.instagramContext.publishRuntime = {
      sleep: async (ms) => {
        await sandboxControl(testApp, "/clock", { advanceMs: ms });
      },
    };
    // Scheduled for 10:00 in Berlin on the Sunday summer time starts, from a week before it.
    const year = new Date().getUTCFullYear() + 1;
    const march31 = new Date(Date.UTC(year, 2, 31));
    const lastSunday = 31 - march31.getUTCDay();
    const day = `${year}-03-${String(lastSunday).padStart(2, "0")}`;
    const at = zonedTimeToInstant(day, 10, 0, "Europe/Berlin");
    expect(at.toISOString()).toBe(`${day}T08:00:00.000Z`);
    clockOffset = at.getTime() - 7 * 86_400_000 - Date.now();
    const response = await client.post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "image" }],
      caption: `Summer time ${randomUUID().slice(0, 8)}`,
      scheduled_time: at.toISOString(),
      time_zone: "Europe/Berlin",
    });
    expect(response.status).toBe(201);
    const { post } = (await response.json()) as {
      post: { id: string; scheduled_time: string; time_zone: string };
    };
    expect(post).toMatchObject({ scheduled_time: at.toISOString(), time_zone: "Europe/Berlin" });
    // A minute early it is not due; at the instant it goes out, at 10:00 Berlin summer time.
    clockOffset = at.getTime() - 60_000 - Date.now();
    expect(await postsToRun(testApp.instagramContext)).not.toContain(post.id);
    expect(await publishIfClaimable(testApp.instagramContext, post.id)).toBe("not-claimed");
    clockOffset = at.getTime() - Date.now();
    expect(await publishIfClaimable(testApp.instagramContext, post.id)).toBe("published");
    const row = await findScheduledPostById(testApp.database.db, post.id);
    expect(zonedParts(row!.publishedAt!, "Europe/Berlin")).toMatchObject({ hour: 10 });
    clockOffset = 0;
  }, 60_000);
});
