import { afterAll, beforeAll, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import { connectSandboxAccount } from "../../testing/instagram.ts";
import {
  createTestAppWithSyncedAccount,
  type SyncedAccount,
} from "../../testing/synced-account.ts";

/*
 * @lena.makes synced once (the run's snapshot, CI time) serves the comment test and the thread
 * picture test, each on a comment of its own; the read-marks test has its own copy of
 * @northfield.coffee. The copies' sandbox is fresh: its webhooks are subscribed again, and
 * simulated comments and messages name the user's copy of the demo world (their id).
 */
let lena: SyncedAccount;
let testApp: TestApp;
const apps: TestApp[] = [];
beforeAll(async () => {
  lena = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { webhooks: true },
  );
  testApp = lena.testApp;
  apps.push(testApp);
}, 300_000);
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

type Item = {
  id: string;
  kind: "dm" | "comments";
  preview: string | null;
  is_unread: boolean;
  needs_reply: boolean;
  person: { id: string | null; username: string | null };
};
type Comment = {
  id: string;
  parent_id: string | null;
  text: string;
  is_own: boolean;
  is_hidden: boolean;
  private_reply: { canReply: boolean; reason?: string; until: string | null };
};

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function settle() {
  await testApp.sandbox!.idle();
  await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
}

it("answers a comment publicly and privately (once), hides, unhides and deletes it, all at Instagram; another user gets 404", async () => {
  const { client, connection } = lena;
  const space = connection.user_id;
  const marker = `Does this come in blue? ${Date.now()}`;
  const simulated = testApp.sandbox!.simulateComment({
    username: "lena.makes",
    text: marker,
    space,
  })!;
  await settle();

  // Search finds the post by the comment's text.
  const found = await json<{ items: Item[] }>(
    await client.get(`/api/inbox/conversations?q=${encodeURIComponent(marker)}`),
  );
  expect(found.items).toHaveLength(1);
  const post = found.items[0]!;
  expect(post).toMatchObject({ kind: "comments", preview: marker, needs_reply: true });
  // And a DM thread by a message's text.
  const dmMarker = `Is the blue one back in stock? ${Date.now()}`;
  testApp.sandbox!.simulateMessage({ username: "lena.makes", text: dmMarker, space });
  await settle();
  const byText = await json<{ items: Item[] }>(
    await client.get(`/api/inbox/conversations?q=${encodeURIComponent(dmMarker)}`),
  );
  expect(byText.items.map((item) => [item.kind, item.preview])).toEqual([["dm", dmMarker]]);

  const thread = await json<{
    post: { id: string; thumbnail_url: string | null };
    comments: Comment[];
  }>(await client.get(`/api/inbox/posts/${post.id}/comments`));
  expect(thread.post.thumbnail_url).toBeTruthy();
  const comment = thread.comments.find((item) => item.id === simulated.id)!;
  expect(comment).toMatchObject({ text: marker, is_own: false, is_hidden: false });
  expect(comment.private_reply.canReply).toBe(true);

  // Photos sent in DMs are kept from the sync and shown for what they are.
  const withPhoto = (await testApp.database.db.execute(
    `select m.conversation_id as id, a.ig_message_id as message from inbox_message_attachments a
     join instagram_messages m on m.workspace_id = a.workspace_id and m.ig_message_id = a.ig_message_id
     where a.workspace_id = '${connection.workspace_id}' limit 1`,
  )) as unknown as { rows: Array<{ id: string; message: string }> };
  expect(withPhoto.rows).toHaveLength(1);
  const photoThread = await json<{
    messages: Array<{ id: string; attachments: Array<{ type: string; url: string | null }> }>;
  }>(
    await client.get(
      `/api/inbox/conversations/${encodeURIComponent(withPhoto.rows[0]!.id)}/messages`,
    ),
  );
  expect(
    photoThread.messages.find((message) => message.id === withPhoto.rows[0]!.message)!.attachments,
  ).toEqual([{ type: "image", url: expect.stringContaining("/sandbox/") }]);

  const token = testApp.sandbox!.issueToken({ username: "lena.makes", login: "instagram", space });
  const graph = testApp.graph.account({
    login: "instagram",
    accessToken: token,
    igUserId: connection.instagram_id,
  });

  // Public reply: recorded at Instagram, stored as the account's own, and the post is answered.
  const reply = await client.post(`/api/inbox/comments/${comment.id}/replies`, {
    text: "Yes, in cornflower blue!",
  });
  expect(reply.status).toBe(201);
  const replies = await graph.listReplies(comment.id);
  expect(replies.data.map((item) => item.text)).toContain("Yes, in cornflower blue!");
  const afterReply = await json<{ comments: Comment[] }>(
    await client.get(`/api/inbox/posts/${post.id}/comments`),
  );
  expect(
    afterReply.comments.find((item) => item.text === "Yes, in cornflower blue!"),
  ).toMatchObject({ is_own: true, parent_id: comment.id });
  const answered = await json<{ items: Item[] }>(
    await client.get(`/api/inbox/conversations?filter=needs_reply&limit=100`),
  );
  expect(answered.items.map((item) => item.id)).not.toContain(post.id);

  // Private reply: once per comment.
  const first = await client.post(`/api/inbox/comments/${comment.id}/private-reply`, {
    text: "Here is the blue one's link",
  });
  expect(first.status).toBe(201);
  const second = await client.post(`/api/inbox/comments/${comment.id}/private-reply`, {
    text: "And again",
  });
  expect(second.status).toBe(409);
  expect(await second.text()).toContain("one per comment");
  const [latest] = (await graph.listConversations({ limit: 1 })).data;
  expect((await graph.listMessages(latest!.id)).messages[0]!.message).toBe(
    "Here is the blue one's link",
  );
  const ownReply = afterReply.comments.find((item) => item.is_own)!;
  expect(
    (await client.post(`/api/inbox/comments/${ownReply.id}/private-reply`, { text: "x" })).status,
  ).toBe(409);

  // Another user reaches none of it.
  const other = await createVerifiedUser(testApp);
  await connectSandboxAccount(testApp, other.client, {
    username: "oona.bakes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  expect((await other.client.get(`/api/inbox/posts/${post.id}/comments`)).status).toBe(404);
  expect(
    (await other.client.post(`/api/inbox/comments/${comment.id}/hide`, { hidden: true })).status,
  ).toBe(404);
  expect(
    (await other.client.request(`/api/inbox/comments/${comment.id}`, { method: "DELETE" })).status,
  ).toBe(404);
  expect(
    (await other.client.post(`/api/inbox/comments/${comment.id}/replies`, { text: "hi" })).status,
  ).toBe(404);
  expect(
    (await other.client.post(`/api/inbox/comments/${comment.id}/private-reply`, { text: "hi" }))
      .status,
  ).toBe(404);

  // Hide and unhide at Instagram.
  expect(
    (await client.post(`/api/inbox/comments/${comment.id}/hide`, { hidden: true })).status,
  ).toBe(200);
  expect((await graph.getComment(comment.id, "id,hidden")).hidden).toBe(true);
  const hiddenThread = await json<{ comments: Comment[] }>(
    await client.get(`/api/inbox/posts/${post.id}/comments`),
  );
  expect(hiddenThread.comments.find((item) => item.id === comment.id)!.is_hidden).toBe(true);
  expect(
    (await client.post(`/api/inbox/comments/${comment.id}/hide`, { hidden: false })).status,
  ).toBe(200);
  expect((await graph.getComment(comment.id, "id,hidden")).hidden).toBe(false);
  expect((await client.post(`/api/inbox/comments/${comment.id}/hide`, {})).status).toBe(422);

  // Delete at Instagram, and from the thread with its replies.
  expect(
    (await client.request(`/api/inbox/comments/${comment.id}`, { method: "DELETE" })).status,
  ).toBe(200);
  await expect(graph.getComment(comment.id, "id")).rejects.toThrow();
  const afterDelete = await json<{ comments: Comment[] }>(
    await client.get(`/api/inbox/posts/${post.id}/comments`),
  ).catch(() => ({ comments: [] as Comment[] }));
  expect(afterDelete.comments.some((item) => item.id === comment.id)).toBe(false);
  expect(afterDelete.comments.some((item) => item.parent_id === comment.id)).toBe(false);
}, 240_000);

it("marks conversations read and unread, filters by them, and keeps saved replies per user", async () => {
  const northfield = await createTestAppWithSyncedAccount({
    username: "northfield.coffee",
    login: "instagram",
  });
  apps.push(northfield.testApp);
  const { client, testApp } = northfield;

  const unread = await json<{ items: Item[] }>(
    await client.get("/api/inbox/conversations?filter=unread&limit=100"),
  );
  expect(unread.items.length).toBeGreaterThan(0);
  expect(unread.items.every((item) => item.is_unread)).toBe(true);
  const target = unread.items[0]!;
  const read = await client.post(`/api/inbox/conversations/${encodeURIComponent(target.id)}/read`, {
    kind: target.kind,
    read: true,
  });
  expect(read.status).toBe(200);
  const afterRead = await json<{ items: Item[] }>(
    await client.get("/api/inbox/conversations?filter=unread&limit=100"),
  );
  expect(afterRead.items.map((item) => item.id)).not.toContain(target.id);
  await client.post(`/api/inbox/conversations/${encodeURIComponent(target.id)}/read`, {
    kind: target.kind,
    read: false,
  });
  const afterUnread = await json<{ items: Item[] }>(
    await client.get("/api/inbox/conversations?filter=unread&limit=100"),
  );
  expect(afterUnread.items.map((item) => item.id)).toContain(target.id);
  expect(
    (await client.post("/api/inbox/conversations/nope/read", { kind: "dm", read: true })).status,
  ).toBe(404);

  const needs = await json<{ items: Item[] }>(
    await client.get("/api/inbox/conversations?filter=needs_reply&limit=100"),
  );
  expect(needs.items.length).toBeGreaterThan(0);
  expect(needs.items.every((item) => item.needs_reply)).toBe(true);

  // DM threads carry the other person's username (from the conversation's participants).
  const dms = await json<{ items: Item[] }>(await client.get("/api/inbox/conversations?filter=dm"));
  expect(dms.items.every((item) => item.person.username)).toBe(true);
  const byName = await json<{ items: Item[] }>(
    await client.get(
      `/api/inbox/conversations?q=${encodeURIComponent(dms.items[0]!.person.username!)}`,
    ),
  );
  expect(byName.items.map((item) => item.id)).toContain(dms.items[0]!.id);
  const dm = await json<{ person: { name: string | null }; window: { isOpen: boolean } }>(
    await client.get(`/api/inbox/conversations/${encodeURIComponent(dms.items[0]!.id)}/messages`),
  );
  expect(dm.person.name).toBeTruthy();

  // Saved replies.
  const invalid = await client.post("/api/inbox/saved-replies", { title: "", body: "x" });
  expect(invalid.status).toBe(422);
  expect(await invalid.text()).toContain("Give the saved reply a short name.");
  const created = await json<{ id: string }>(
    await client.post("/api/inbox/saved-replies", {
      title: "Shipping",
      body: "We ship worldwide within 3 days.",
    }),
  );
  const updated = await client.request(`/api/inbox/saved-replies/${created.id}`, {
    method: "PUT",
    json: {
      title: "Shipping",
      body: "We ship worldwide within 2 days.",
    },
  });
  expect(updated.status).toBe(200);
  const list = await json<{ items: Array<{ id: string; body: string }> }>(
    await client.get("/api/inbox/saved-replies"),
  );
  expect(list.items).toEqual([
    expect.objectContaining({ id: created.id, body: "We ship worldwide within 2 days." }),
  ]);
  const other = await createVerifiedUser(testApp);
  expect(
    await json<{ items: unknown[] }>(await other.client.get("/api/inbox/saved-replies")),
  ).toEqual({ items: [] });
  expect(
    (
      await other.client.request(`/api/inbox/saved-replies/${created.id}`, {
        method: "PUT",
        json: {
          title: "Mine",
          body: "now",
        },
      })
    ).status,
  ).toBe(404);
  expect(
    (await other.client.request(`/api/inbox/saved-replies/${created.id}`, { method: "DELETE" }))
      .status,
  ).toBe(404);
  expect(
    (await client.request(`/api/inbox/saved-replies/${created.id}`, { method: "DELETE" })).status,
  ).toBe(200);
}, 240_000);

it("shows a comment thread's picture from the database: no Instagram call while the stored URL is good, one to renew it once expired", async () => {
  const { client, connection } = lena;
  const marker = `Is there a smaller one? ${Date.now()}`;
  testApp.sandbox!.simulateComment({
    username: "lena.makes",
    text: marker,
    space: connection.user_id,
  });
  await settle();
  const [post] = (
    await json<{ items: Item[] }>(
      await client.get(`/api/inbox/conversations?q=${encodeURIComponent(marker)}`),
    )
  ).items;
  const stored = async () =>
    (
      (await testApp.database.db.execute(
        `select thumbnail_url from instagram_media where workspace_id = '${connection.workspace_id}' and account_id = '${connection.instagram_id}' and ig_media_id = '${post!.id}'`,
      )) as unknown as { rows: Array<{ thumbnail_url: string | null }> }
    ).rows[0]?.thumbnail_url;
  const thread = async () =>
    (
      await json<{ post: { thumbnail_url: string | null } }>(
        await client.get(`/api/inbox/posts/${post!.id}/comments`),
      )
    ).post.thumbnail_url;

  // The sync stored the picture; reading the thread twice asks Instagram nothing.
  const synced = await stored();
  expect(synced).toMatch(/[?&]oe=[0-9a-f]+/);
  const calls = testApp.graphCalls.count;
  expect(await thread()).toBe(synced);
  expect(await thread()).toBe(synced);
  expect(testApp.graphCalls.count).toBe(calls);

  // Expired (its oe has passed): read fresh once, kept, and the next read is the database's.
  const expired = synced!.replace(/([?&]oe=)[0-9a-f]+/, `$1${(1_000_000).toString(16)}`);
  await testApp.database.db.execute(
    `update instagram_media set thumbnail_url = '${expired}' where workspace_id = '${connection.workspace_id}' and account_id = '${connection.instagram_id}' and ig_media_id = '${post!.id}'`,
  );
  const fresh = await thread();
  expect(fresh).toMatch(/[?&]oe=[0-9a-f]+/);
  expect(fresh).not.toBe(expired);
  expect(testApp.graphCalls.count).toBe(calls + 1);
  expect(await stored()).toBe(fresh);
  expect(await thread()).toBe(fresh);
  expect(testApp.graphCalls.count).toBe(calls + 1);
});
