import { randomUUID } from "node:crypto";
import { findInstagramConnection } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { sandboxControl } from "../../testing/instagram.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

/**
 * Issue 25: the 24-hour window runs from the *person's* last message. Our own replies (sent
 * here, or echoed back by Meta's webhook) never reopen it; and when Instagram says the window
 * is closed (403 IGApiException 10/2534022), that is a closed window, not a lost permission.
 */

const HOUR = 3_600_000;
let testApp: TestApp;
let client: HttpClient;
let workspaceId: string;
/** The user's copy of the sandbox's demo world (their id). */
let space: string;
/** How far the app's clock is ahead of the real one (the sandbox's is moved to match). */
let appOffset = 0;

beforeAll(async () => {
  // @northfield.coffee as its first sync left it (the run's snapshot, CI time; the clock is only
  // moved after it), its webhooks subscribed again at the copy's fresh sandbox.
  const synced = await createTestAppWithSyncedAccount(
    { username: "northfield.coffee", login: "instagram" },
    { now: () => Date.now() + appOffset, webhooks: true },
  );
  ({ testApp, client } = synced);
  workspaceId = synced.connection.workspace_id;
  space = synced.connection.user_id;
}, 300_000);
afterAll(async () => {
  await testApp?.close();
});

/** Moves the app's clock, and the sandbox's unless told otherwise. */
async function advance(ms: number, options: { sandbox?: number } = {}) {
  appOffset += ms;
  await sandboxControl(testApp, "/clock", { advanceMs: options.sandbox ?? ms });
}

/** A customer writes now; answers their thread's id and the time Instagram stamped. */
async function customerWrites(): Promise<{ threadId: string; at: Date }> {
  const text = `Window test ${randomUUID().slice(0, 8)}`;
  testApp.sandbox!.simulateMessage({ username: "northfield.coffee", text, space });
  await testApp.sandbox!.idle();
  await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
  const rows = (await testApp.database.db.execute(
    `select conversation_id, created_time from instagram_messages
     where workspace_id = '${workspaceId}' and text = '${text}' and direction = 'inbound'`,
  )) as unknown as { rows: Array<{ conversation_id: string; created_time: string | Date }> };
  expect(rows.rows).toHaveLength(1);
  return { threadId: rows.rows[0]!.conversation_id, at: new Date(rows.rows[0]!.created_time) };
}

function reply(threadId: string, text: string) {
  return client.post(`/api/inbox/conversations/${encodeURIComponent(threadId)}/messages`, {
    text,
    client_id: randomUUID(),
  });
}

async function windowOf(threadId: string) {
  const response = await client.get(
    `/api/inbox/conversations/${encodeURIComponent(threadId)}/messages`,
  );
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      window: { isOpen: boolean; closesAt: string | null };
      messages: Array<{ id: string; text: string | null; sendStatus: string | null }>;
    }
  ).window;
}

describe("the 24-hour messaging window", () => {
  it("is not reopened by our own reply: it still closes 24 h after the person wrote", async () => {
    const { threadId, at } = await customerWrites();
    const closesAt = new Date(at.getTime() + 24 * HOUR).toISOString();
    await advance(23 * HOUR);
    const sent = await reply(threadId, "Yes, whole beans ship to Vienna.");
    expect(sent.status, await sent.clone().text()).toBe(201);
    // The echo of our reply came back through the webhook and is stored as ours.
    await testApp.sandbox!.idle();
    await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    expect(await windowOf(threadId)).toEqual({ isOpen: true, closesAt });

    await advance(2 * HOUR);
    // Our reply is 2 h old, the person's message 25 h: the window is closed.
    expect(await windowOf(threadId)).toEqual({ isOpen: false, closesAt });
    const late = await reply(threadId, "One more thing…");
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(
      `The 24-hour window to reply closed on ${closesAt.slice(0, 16).replace("T", " ")} UTC.`,
    );
  }, 120_000);

  it("when Instagram says the window is closed, the reply fails as a closed window and the connection stays active", async () => {
    const { threadId } = await customerWrites();
    // Instagram's clock is past the window while ours is not (a message we never received,
    // a clock skew): Instagram's word decides.
    await advance(23 * HOUR, { sandbox: 25 * HOUR });
    const refused = await reply(threadId, "Still there?");
    expect(refused.status).toBe(409);
    const body = await refused.text();
    expect(body).toContain("Instagram says the 24-hour window to reply has closed");
    expect(body).not.toContain("(#10)");
    const connection = await findInstagramConnection(testApp.database.db, workspaceId);
    expect(connection?.status).toBe("active");
    // The reply stays in the thread, failed, with the reason.
    const response = await client.get(
      `/api/inbox/conversations/${encodeURIComponent(threadId)}/messages`,
    );
    const { messages } = (await response.json()) as {
      messages: Array<{ text: string | null; sendStatus: string | null; sendError: string | null }>;
    };
    const kept = messages.find((message) => message.text === "Still there?");
    expect(kept).toMatchObject({ sendStatus: "failed" });
    expect(kept?.sendError).toContain("24-hour window");
  }, 120_000);
});
