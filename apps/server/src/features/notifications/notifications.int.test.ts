import { insertInstagramComment, insertInstagramMessage, upsertThread } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, personalWorkspaceId } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createHttpClient } from "../../testing/http-client.ts";

const HOUR = 60 * 60 * 1000;
let now = new Date("2026-06-01T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ now: () => now.getTime() });
});
afterAll(() => testApp?.close());

async function signedInUser() {
  const { client, email } = await createVerifiedUser(testApp);
  return { client, workspaceId: await personalWorkspaceId(testApp, email) };
}

async function notifications(client: HttpClient) {
  const response = await client.get("/api/notifications");
  expect(response.status).toBe(200);
  return (await response.json()) as {
    id: string;
    type: string;
    count: number;
    latestTimestamp: string;
  }[];
}

/** One account's inbox: the business is "biz-igsid" in its threads, its Instagram id "acct". */
function inbox(workspaceId: string, accountId = "acct") {
  const db = testApp.database.db;
  let sequence = 0;
  return {
    async thread(threadId: string) {
      await upsertThread(db, { workspaceId, accountId, threadId, businessIgsid: "biz-igsid" });
    },
    async message(options: {
      threadId: string;
      at: Date;
      fromId?: string;
      direction?: "inbound" | "outbound";
    }) {
      sequence += 1;
      await insertInstagramMessage(db, {
        workspaceId,
        accountId,
        conversationId: options.threadId,
        igMessageId: `${workspaceId}-m${sequence}`,
        fromId: options.fromId ?? "fan-1",
        direction: options.direction ?? "inbound",
        createdTime: options.at,
      });
    },
    async comment(options: { at: Date; by?: string; mediaOwnerId?: string }) {
      sequence += 1;
      await insertInstagramComment(db, {
        workspaceId,
        accountId,
        igCommentId: `${workspaceId}-c${sequence}`,
        igMediaId: "media-1",
        mediaOwnerId: options.mediaOwnerId ?? accountId,
        userIgsid: options.by ?? "fan-2",
        createdAt: options.at,
      });
    },
  };
}

describe("GET /api/notifications", () => {
  it("needs a signed-in user", async () => {
    const response = await createHttpClient(testApp.app).get("/api/notifications");
    expect(response.status).toBe(401);
  });

  it("answers an empty list when nothing happened", async () => {
    const { client } = await signedInUser();
    await expect(notifications(client)).resolves.toEqual([]);
  });

  it("counts new inbound messages of the user's threads over the last 24 hours", async () => {
    const { client, workspaceId } = await signedInUser();
    const rows = inbox(workspaceId);
    await rows.thread("t1");
    await rows.message({ threadId: "t1", at: ago(3 * HOUR) });
    await rows.message({ threadId: "t1", at: ago(1 * HOUR) });
    // Not counted: the business's own replies, older than 24 hours, exactly 24 hours old,
    // a thread that is not the user's, and a message dated after now.
    await rows.message({ threadId: "t1", at: ago(HOUR / 2), direction: "outbound" });
    await rows.message({ threadId: "t1", at: ago(HOUR / 2), fromId: "biz-igsid" });
    await rows.message({ threadId: "t1", at: ago(25 * HOUR) });
    await rows.message({ threadId: "t1", at: ago(24 * HOUR) });
    await rows.message({ threadId: "unmapped", at: ago(HOUR) });
    await rows.message({ threadId: "t1", at: new Date(now.getTime() + HOUR) });

    expect(await notifications(client)).toEqual([
      { id: "messages", type: "message", count: 2, latestTimestamp: ago(HOUR).toISOString() },
    ]);
  });

  it("counts comments by others on the user's own posts over the last 24 hours", async () => {
    const { client, workspaceId } = await signedInUser();
    const rows = inbox(workspaceId);
    await rows.comment({ at: ago(5 * HOUR) });
    await rows.comment({ at: ago(2 * HOUR), by: "fan-3" });
    // Not counted: the account's own reply, older than 24 hours, and a mention under
    // someone else's media.
    await rows.comment({ at: ago(HOUR), by: "acct" });
    await rows.comment({ at: ago(24 * HOUR + 1) });
    await rows.comment({ at: ago(HOUR), mediaOwnerId: "someone-else" });

    expect(await notifications(client)).toEqual([
      { id: "comments", type: "comment", count: 2, latestTimestamp: ago(2 * HOUR).toISOString() },
    ]);
  });

  it("never counts another user's rows", async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const bobsRows = inbox(bob.workspaceId);
    await bobsRows.thread("t1");
    await bobsRows.message({ threadId: "t1", at: ago(HOUR) });
    await bobsRows.comment({ at: ago(HOUR) });
    // Alice's thread with the same id at the same account id does not make Bob's message hers.
    await inbox(alice.workspaceId).thread("t1");

    await expect(notifications(alice.client)).resolves.toEqual([]);
    expect((await notifications(bob.client)).map((item) => item.count)).toEqual([1, 1]);
  });

  it("lets items fall out of the window as the clock moves on", async () => {
    const { client, workspaceId } = await signedInUser();
    const rows = inbox(workspaceId);
    await rows.comment({ at: ago(23 * HOUR) });
    expect(await notifications(client)).toHaveLength(1);
    const before = now;
    now = new Date(now.getTime() + 2 * HOUR);
    try {
      await expect(notifications(client)).resolves.toEqual([]);
    } finally {
      now = before;
    }
  });
});
