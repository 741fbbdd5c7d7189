import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import { connectSandboxAccount } from "../../testing/instagram.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

type Item = {
  id: string;
  kind: "dm" | "comments";
  updated_time: string;
  last_message_sender_id: string;
  needs_reply: boolean;
};

it("lists every DM thread and commented post once, newest first, and opens only the user's threads", async () => {
  const { client } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "lena.makes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  const counts = (await testApp.database.db.execute(
    `select (select count(*)::int from instagram_thread_map where user_id = '${connection.user_id}') as threads,
            (select count(distinct ig_media_id)::int from instagram_comments where user_id = '${connection.user_id}') as posts`,
  )) as unknown as { rows: Array<{ threads: number; posts: number }> };
  const expected = counts.rows[0]!;

  const all: Item[] = [];
  let cursor: string | null = null;
  do {
    const page = (await (
      await client.get(`/api/inbox/conversations?limit=9${cursor ? `&cursor=${cursor}` : ""}`)
    ).json()) as { items: Item[]; nextCursor: string | null };
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  expect(all.filter((item) => item.kind === "dm")).toHaveLength(expected.threads);
  expect(all.filter((item) => item.kind === "comments")).toHaveLength(expected.posts);
  expect(new Set(all.map((item) => `${item.kind}:${item.id}`)).size).toBe(all.length);
  const times = all.map((item) => item.updated_time);
  expect([...times].sort().reverse()).toEqual(times);
  expect(all.some((item) => item.needs_reply)).toBe(true);

  const dms = (await (await client.get("/api/inbox/conversations?filter=dm&limit=100")).json()) as {
    items: Item[];
  };
  expect(dms.items).toHaveLength(expected.threads);
  const thread = dms.items[0]!;
  const messages = (await (
    await client.get(`/api/inbox/conversations/${thread.id}/messages`)
  ).json()) as { messages: Array<{ createdTime: string; fromId: string }> };
  expect(messages.messages.length).toBeGreaterThan(0);
  expect(messages.messages.at(-1)!.fromId).toBe(thread.last_message_sender_id);

  const other = await createVerifiedUser(testApp);
  await connectSandboxAccount(testApp, other.client, {
    username: "oona.bakes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  expect((await other.client.get(`/api/inbox/conversations/${thread.id}/messages`)).status).toBe(
    404,
  );
  const theirs = (await (await other.client.get("/api/inbox/conversations?limit=100")).json()) as {
    items: Item[];
  };
  expect(theirs.items.map((item) => item.id)).not.toContain(thread.id);
  expect((await client.get("/api/inbox/conversations?cursor=garbage")).status).toBe(422);
}, 180_000);
