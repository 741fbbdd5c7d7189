import { randomUUID } from "node:crypto";
import { type AccessTokenScope, accessTokenScopes } from "@sightline/contracts";
import { setWorkspacePlan } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { sandboxControl } from "../../testing/instagram.ts";
import { createApiToken, jsonOf, v1Request } from "../../testing/public-api.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

/*
 * Issue 35 point 2: the inbox through /api/v1 on a synced demo account (Premium) whose
 * webhooks reach the app, so simulated DMs and comments arrive as they would from Meta. The
 * app's clock (and the sandbox's) is moved for the 24-hour window.
 */

const HOUR = 3_600_000;
let testApp: TestApp;
let owner: HttpClient;
let accountId: string;
/** The user's copy of the sandbox's demo world (their id). */
let space: string;
let appOffset = 0;
let admin: string;

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    {
      plan: "premium",
      webhooks: true,
      now: () => Date.now() + appOffset,
      publicApiRateLimit: { max: 10_000, windowSeconds: 60 },
    },
  );
  testApp = synced.testApp;
  owner = synced.client;
  accountId = synced.connection.instagram_id;
  space = synced.connection.user_id;
  admin = (await createApiToken(owner, [...accessTokenScopes])).token;
}, 300_000);

afterAll(async () => {
  await testApp?.close();
});

const v1 = (token: string | undefined, path: string, init?: RequestInit & { json?: unknown }) =>
  v1Request(testApp, token, path, init);

async function settle() {
  await testApp.sandbox!.idle();
  await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
}

type Conversation = {
  id: string;
  kind: "dm" | "comments";
  preview: string | null;
  updatedTime: string;
  needsReply: boolean;
};

/** A customer writes a DM now; answers its conversation. */
async function customerWrites(): Promise<Conversation> {
  const text = `API inbox ${randomUUID().slice(0, 8)}`;
  testApp.sandbox!.simulateMessage({ username: "lena.makes", text, space });
  await settle();
  const { data } = await jsonOf<{ data: Conversation[] }>(
    await v1(admin, `/accounts/${accountId}/conversations?q=${encodeURIComponent(text)}`),
  );
  expect(data.map((item) => [item.kind, item.preview])).toEqual([["dm", text]]);
  return data[0]!;
}

/** A customer comments on the account's newest post now; answers the comment and its post. */
async function customerComments(): Promise<{ commentId: string; postId: string }> {
  const text = `Is this in blue? ${randomUUID().slice(0, 8)}`;
  const simulated = testApp.sandbox!.simulateComment({ username: "lena.makes", text, space })!;
  await settle();
  const { data } = await jsonOf<{ data: Conversation[] }>(
    await v1(
      admin,
      `/accounts/${accountId}/conversations?filter=comments&q=${encodeURIComponent(text)}`,
    ),
  );
  expect(data).toHaveLength(1);
  return { commentId: simulated.id, postId: data[0]!.id };
}

describe("/api/v1 inbox", () => {
  it("answers every inbox endpoint for a token with its scope, 403 naming the scope without it, 404 for another workspace", async () => {
    const tokens = {} as Record<AccessTokenScope, string>;
    for (const scope of accessTokenScopes) {
      tokens[scope] = (await createApiToken(owner, [scope])).token;
    }
    const dm = await customerWrites();
    const { postId } = await customerComments();
    const acct = (account: string) => `/accounts/${account}`;
    const endpoints: Array<{
      name: string;
      call: (token: string, account: string) => Promise<Response>;
      allowed: AccessTokenScope;
      status: number;
    }> = [
      {
        name: "GET /accounts/:id/conversations",
        call: (t, a) => v1(t, `${acct(a)}/conversations?limit=3`),
        allowed: "inbox:read",
        status: 200,
      },
      {
        name: "GET /accounts/:id/conversations/:id/messages (DM)",
        call: (t, a) => v1(t, `${acct(a)}/conversations/${encodeURIComponent(dm.id)}/messages`),
        allowed: "inbox:read",
        status: 200,
      },
      {
        name: "GET /accounts/:id/conversations/:id/messages (comments)",
        call: (t, a) => v1(t, `${acct(a)}/conversations/${postId}/messages`),
        allowed: "inbox:read",
        status: 200,
      },
      {
        name: "POST /accounts/:id/conversations/:id/messages",
        call: (t, a) =>
          v1(t, `${acct(a)}/conversations/${encodeURIComponent(dm.id)}/messages`, {
            method: "POST",
            json: { text: `Thanks! ${randomUUID().slice(0, 4)}` },
          }),
        allowed: "inbox:write",
        status: 201,
      },
      {
        name: "POST /accounts/:id/comments/:id/replies",
        call: async (t, a) =>
          v1(t, `${acct(a)}/comments/${(await customerComments()).commentId}/replies`, {
            method: "POST",
            json: { text: "Yes, it is!" },
          }),
        allowed: "inbox:write",
        status: 201,
      },
      {
        name: "POST /accounts/:id/comments/:id/private-reply",
        call: async (t, a) =>
          v1(t, `${acct(a)}/comments/${(await customerComments()).commentId}/private-reply`, {
            method: "POST",
            json: { text: "Sent you the details." },
          }),
        allowed: "inbox:write",
        status: 201,
      },
    ];
    for (const endpoint of endpoints) {
      for (const scope of accessTokenScopes) {
        const response = await endpoint.call(tokens[scope], accountId);
        const text = await response.text();
        const allowed = endpoint.allowed === scope;
        expect([endpoint.name, scope, response.status], text).toEqual([
          endpoint.name,
          scope,
          allowed ? endpoint.status : 403,
        ]);
        if (!allowed) {
          expect(JSON.parse(text)).toMatchObject({
            error: {
              code: "insufficient_scope",
              message: `This token lacks the ${endpoint.allowed} scope.`,
            },
          });
        }
      }
    }

    // Another workspace (Pro, every scope): this account's conversations are a 404.
    const other = await createVerifiedUser(testApp);
    const { current } = await jsonOf<{ current: { id: string } }>(
      await other.client.get("/api/workspaces"),
    );
    await setWorkspacePlan(testApp.database.db, current.id, "pro", null, new Date());
    const stranger = (await createApiToken(other.client, [...accessTokenScopes])).token;
    for (const endpoint of endpoints) {
      const response = await endpoint.call(stranger, accountId);
      expect([endpoint.name, response.status]).toEqual([endpoint.name, 404]);
      expect(await response.json()).toMatchObject({
        error: {
          code: "not_found",
          message: "This Instagram account is not connected to this workspace.",
        },
      });
    }
    // A conversation that is not this account's is the inbox's 404.
    const unknown = await v1(admin, `/accounts/${accountId}/conversations/t_unknown/messages`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: { code: "not_found", message: "This conversation does not exist." },
    });
  }, 300_000);

  it("lists conversations as the Messages page does: newest first, by kind, by text, in keyset pages", async () => {
    const dm = await customerWrites();
    const shown = await jsonOf<{ items: Array<{ id: string; kind: string }> }>(
      await owner.get("/api/inbox/conversations?limit=12"),
    );
    const pages: Conversation[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Conversation[]; nextCursor: string | null } = await jsonOf(
        await v1(
          admin,
          `/accounts/${accountId}/conversations?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        ),
      );
      pages.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 12);
    expect(pages.slice(0, 12).map((item) => [item.id, item.kind])).toEqual(
      shown.items.map((item) => [item.id, item.kind]),
    );
    // Instagram stamps messages to the second: the new DM is among the newest, not always first.
    expect(pages.slice(0, 5).map((item) => item.id)).toContain(dm.id);
    for (const filter of ["dm", "comments"] as const) {
      const { data } = await jsonOf<{ data: Conversation[] }>(
        await v1(admin, `/accounts/${accountId}/conversations?filter=${filter}&limit=20`),
      );
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((item) => item.kind === filter)).toBe(true);
    }
    const bad = await v1(admin, `/accounts/${accountId}/conversations?filter=spam`);
    expect(bad.status).toBe(422);
    const badCursor = await v1(admin, `/accounts/${accountId}/conversations?cursor=nope`);
    expect(badCursor.status).toBe(422);

    // One DM thread, with the window to reply in.
    const { data: thread } = await jsonOf<{
      data: {
        kind: string;
        window: { isOpen: boolean };
        messages: Array<{ text: string | null; direction: string }>;
      };
    }>(
      await v1(admin, `/accounts/${accountId}/conversations/${encodeURIComponent(dm.id)}/messages`),
    );
    expect(thread.kind).toBe("dm");
    expect(thread.window.isOpen).toBe(true);
    expect(thread.messages.at(-1)).toMatchObject({ text: dm.preview, direction: "inbound" });
  }, 120_000);

  it("replies to a DM once per Idempotency-Key, and outside the 24-hour window with the inbox's message", async () => {
    const dm = await customerWrites();
    const path = `/accounts/${accountId}/conversations/${encodeURIComponent(dm.id)}/messages`;
    const key = randomUUID();
    const text = `On its way ${randomUUID().slice(0, 4)}`;
    const first = await jsonOf<{ data: { status: string; messageId: string } }>(
      await v1(admin, path, {
        method: "POST",
        json: { text },
        headers: { "Idempotency-Key": key },
      }),
      201,
    );
    expect(first.data.status).toBe("sent");
    const again = await v1(admin, path, {
      method: "POST",
      json: { text },
      headers: { "Idempotency-Key": key },
    });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    await settle();
    const { data: thread } = await jsonOf<{ data: { messages: Array<{ text: string | null }> } }>(
      await v1(admin, path),
    );
    expect(thread.messages.filter((message) => message.text === text)).toHaveLength(1);
    // The audit log has the reply once, by the token's member, marked as the API.
    const { events } = await jsonOf<{
      events: Array<{ action: string; target: string | null; details: Record<string, unknown> }>;
    }>(await owner.get("/api/workspaces/current/audit?action=inbox."));
    expect(events.filter((event) => event.target === dm.id)).toEqual([
      expect.objectContaining({
        action: "inbox.replied",
        details: expect.objectContaining({ kind: "dm", via: "api" }),
      }),
    ]);

    // A comments conversation is answered comment by comment.
    const { postId } = await customerComments();
    const wrongKind = await v1(admin, `/accounts/${accountId}/conversations/${postId}/messages`, {
      method: "POST",
      json: { text: "Hello" },
    });
    expect(wrongKind.status).toBe(409);

    // 25 hours after the person wrote: the window is closed, in the inbox's words.
    const rows = (
      (await testApp.database.db.execute(
        `select created_time from instagram_messages where conversation_id = '${dm.id}'
         and direction = 'inbound' order by created_time desc limit 1`,
      )) as unknown as { rows: Array<{ created_time: string | Date }> }
    ).rows;
    const closesAt = new Date(new Date(rows[0]!.created_time).getTime() + 24 * HOUR).toISOString();
    appOffset += 25 * HOUR;
    await sandboxControl(testApp, "/clock", { advanceMs: 25 * HOUR });
    const late = await v1(admin, path, { method: "POST", json: { text: "Still there?" } });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      error: {
        code: "conflict",
        message: `The 24-hour window to reply closed on ${closesAt.slice(0, 16).replace("T", " ")} UTC. Instagram lets a business reply within 24 hours of the person's last message.`,
      },
    });
    const { data: closed } = await jsonOf<{ data: { window: { isOpen: boolean } } }>(
      await v1(admin, path),
    );
    expect(closed.window.isOpen).toBe(false);
  }, 120_000);
});
