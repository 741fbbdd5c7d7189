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

/** The Instagram account the bell is for (connected in every test's workspace). */
const ACCOUNT = "17841400000000001";

/** Connects `accountId` to the workspace (the row only: these tests write the synced rows). */
async function connect(workspaceId: string, accountId: string, connectedAt: Date) {
  await testApp.database.db.execute(
    `insert into instagram_connections (workspace_id, instagram_id, instagram_username, access_token, login, connected_at)
     values ('${workspaceId}', '${accountId}', 'account${accountId.slice(-1)}', 'x', 'instagram', '${connectedAt.toISOString()}')`,
  );
}

async function signedInUser() {
  const { client, email } = await createVerifiedUser(testApp);
  const workspaceId = await personalWorkspaceId(testApp, email);
  await connect(workspaceId, ACCOUNT, ago(48 * HOUR));
  return { client, workspaceId };
}

async function notifications(client: HttpClient, account?: string) {
  const response = await client.get(
    "/api/notifications",
    account ? { headers: { "x-sightline-account": account } } : undefined,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as {
    id: string;
    type: string;
    count: number;
    latestTimestamp: string;
  }[];
}

/** One account's inbox: the business is "biz-igsid" in its threads, its Instagram id ACCOUNT. */
function inbox(workspaceId: string, accountId = ACCOUNT) {
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
    await rows.comment({ at: ago(HOUR), by: ACCOUNT });
    await rows.comment({ at: ago(24 * HOUR + 1) });
    await rows.comment({ at: ago(HOUR), mediaOwnerId: "someone-else" });

    expect(await notifications(client)).toEqual([
      { id: "comments", type: "comment", count: 2, latestTimestamp: ago(2 * HOUR).toISOString() },
    ]);
  });

  it("counts the events of the account the member has open, not the workspace's other accounts", async () => {
    const { client, workspaceId } = await signedInUser();
    const second = "17841400000000002";
    await connect(workspaceId, second, ago(24 * HOUR));
    const first = inbox(workspaceId);
    await first.thread("t1");
    await first.message({ threadId: "t1", at: ago(HOUR) });
    const other = inbox(workspaceId, second);
    await other.comment({ at: ago(2 * HOUR) });
    await other.comment({ at: ago(3 * HOUR) });
    // Without a named account, the workspace's first: its message only.
    expect(await notifications(client)).toEqual([
      { id: "messages", type: "message", count: 1, latestTimestamp: ago(HOUR).toISOString() },
    ]);
    expect(await notifications(client, second)).toEqual([
      { id: "comments", type: "comment", count: 2, latestTimestamp: ago(2 * HOUR).toISOString() },
    ]);
    // An account this workspace has not connected: 404, as any foreign id.
    const response = await client.get("/api/notifications", {
      headers: { "x-sightline-account": "17841400000000009" },
    });
    expect(response.status).toBe(404);
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
