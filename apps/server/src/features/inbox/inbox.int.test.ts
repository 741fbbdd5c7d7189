import { afterAll, beforeAll, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import { connectSandboxAccount, sandboxControl } from "../../testing/instagram.ts";
import {
  createTestAppWithSyncedAccount,
  type SyncedAccount,
} from "../../testing/synced-account.ts";

/*
 * Copies of synced accounts (the run's snapshots, CI time): @lena.makes for the list test, and
 * @northfield.coffee for the picture test and then the reply test. The picture test needs the
 * people as the sync left them, so it comes first; the copy's webhooks are subscribed again (its
 * sandbox is a fresh one) for the reply test's simulated message.
 */
let lena: SyncedAccount;
let northfield: SyncedAccount;
beforeAll(async () => {
  [lena, northfield] = await Promise.all([
    createTestAppWithSyncedAccount({ username: "lena.makes", login: "instagram" }),
    createTestAppWithSyncedAccount(
      { username: "northfield.coffee", login: "instagram" },
      { webhooks: true },
    ),
  ]);
}, 300_000);
afterAll(async () => {
  await Promise.all([lena?.testApp.close(), northfield?.testApp.close()]);
});

async function countMessages(testApp: TestApp, threadId: string) {
  const result = (await testApp.database.db.execute(
    `select count(*)::int as n from instagram_messages where conversation_id = '${threadId}'`,
  )) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

type Item = {
  id: string;
  kind: "dm" | "comments";
  updated_time: string;
  last_message_sender_id: string;
  needs_reply: boolean;
};

it("lists every DM thread and commented post once, newest first, and opens only the user's threads", async () => {
  const { testApp, client, connection } = lena;
  const counts = (await testApp.database.db.execute(
    `select (select count(*)::int from instagram_thread_map where workspace_id = '${connection.workspace_id}') as threads,
            (select count(distinct ig_media_id)::int from instagram_comments where workspace_id = '${connection.workspace_id}') as posts`,
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
    await client.get(`/api/inbox/conversations/${encodeURIComponent(thread.id)}/messages`)
  ).json()) as { messages: Array<{ createdTime: string; fromId: string }> };
  expect(messages.messages.length).toBeGreaterThan(0);
  expect(messages.messages.at(-1)!.fromId).toBe(thread.last_message_sender_id);

  // Deep links: an id alone says which kind of conversation it is.
  const post = all.find((item) => item.kind === "comments")!;
  for (const item of [thread, post]) {
    const found = await client.get(`/api/inbox/conversations/${encodeURIComponent(item.id)}`);
    expect(await found.json()).toEqual({ id: item.id, kind: item.kind });
  }
  expect((await client.get("/api/inbox/conversations/no-such-thread")).status).toBe(404);

  const other = await createVerifiedUser(testApp);
  await connectSandboxAccount(testApp, other.client, {
    username: "oona.bakes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  expect(
    (await other.client.get(`/api/inbox/conversations/${encodeURIComponent(thread.id)}/messages`))
      .status,
  ).toBe(404);
  // Sending through, or marking, another user's thread is not possible: it does not exist for them.
  const before = await countMessages(testApp, thread.id);
  expect(
    (
      await other.client.post(
        `/api/inbox/conversations/${encodeURIComponent(thread.id)}/messages`,
        {
          text: "Not my thread",
          client_id: crypto.randomUUID(),
        },
      )
    ).status,
  ).toBe(404);
  expect(await countMessages(testApp, thread.id)).toBe(before);
  for (const item of [thread, post]) {
    expect(
      (
        await other.client.post(`/api/inbox/conversations/${encodeURIComponent(item.id)}/read`, {
          kind: item.kind,
          read: true,
        })
      ).status,
    ).toBe(404);
  }
  for (const id of [thread.id, post.id]) {
    expect(
      (await other.client.get(`/api/inbox/conversations/${encodeURIComponent(id)}`)).status,
    ).toBe(404);
  }
  const theirs = (await (await other.client.get("/api/inbox/conversations?limit=100")).json()) as {
    items: Item[];
  };
  expect(theirs.items.map((item) => item.id)).not.toContain(thread.id);
  expect((await client.get("/api/inbox/conversations?cursor=garbage")).status).toBe(422);
}, 180_000);

it("the list carries each DM person's picture before any thread is opened, read once and kept", async () => {
  const { testApp, client, connection } = northfield;
  type DmItem = {
    id: string;
    person: { id: string; name: string | null; profile_pic: string | null };
  };
  const stored = async () =>
    (
      (await testApp.database.db.execute(
        `select igsid, profile_pic, fetched_at from inbox_people where workspace_id = '${connection.workspace_id}'`,
      )) as unknown as {
        rows: Array<{ igsid: string; profile_pic: string | null; fetched_at: string | Date }>;
      }
    ).rows;
  // The sync knows each person's username only; the picture is read on demand.
  expect((await stored()).every((row) => row.profile_pic === null)).toBe(true);

  const list = (await (await client.get("/api/inbox/conversations?filter=dm&limit=10")).json()) as {
    items: DmItem[];
  };
  expect(list.items.length).toBeGreaterThan(0);
  // Every person's profile was read (a name); those Instagram has a picture for show it.
  for (const item of list.items) expect(item.person.name, item.id).not.toBeNull();
  const pictures = list.items.map((item) => item.person.profile_pic).filter(Boolean);
  expect(pictures.length).toBeGreaterThan(list.items.length / 2);
  for (const picture of pictures)
    expect(picture).toMatch(/\/sandbox\/scontent\.cdninstagram\.com\//);
  const listed = new Set(list.items.map((item) => item.person.id));
  const people = (await stored()).filter((row) => listed.has(row.igsid));
  expect(people).toHaveLength(listed.size);
  expect(people.filter((row) => row.profile_pic !== null)).toHaveLength(new Set(pictures).size);

  // Kept: the next list reads nothing again.
  const again = (await (
    await client.get("/api/inbox/conversations?filter=dm&limit=10")
  ).json()) as {
    items: DmItem[];
  };
  expect(again.items.map((item) => item.person.profile_pic)).toEqual(
    list.items.map((item) => item.person.profile_pic),
  );
  expect(
    (await stored()).filter((row) => listed.has(row.igsid)).map((row) => String(row.fetched_at)),
  ).toEqual(people.map((row) => String(row.fetched_at)));
}, 180_000);

it("replies to a DM through the Send API, keeps a failed reply with its reason, and respects the 24-hour window", async () => {
  const { testApp, client, connection } = northfield;
  // A customer writes now, so one window is open whatever the time of day (the sandbox's seeded
  // messages sit at fixed hours, and by late afternoon none of them is under 20 h old).
  testApp.sandbox!.simulateMessage({
    username: "northfield.coffee",
    text: "Do you ship whole beans to Vienna?",
    space: connection.user_id,
  });
  // The webhook is delivered in the background: wait for it, then for what it queued.
  await testApp.sandbox!.idle();
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  const windows = (await testApp.database.db.execute(
    `select conversation_id as id, max(created_time) as last from instagram_messages
     where workspace_id = '${connection.workspace_id}' and direction = 'inbound' group by conversation_id order by last desc`,
  )) as unknown as { rows: Array<{ id: string; last: string | Date }> };
  const open = windows.rows.find(
    (row) => Date.now() - new Date(row.last).getTime() < 20 * 3_600_000,
  );
  const closed = windows.rows.find(
    (row) => Date.now() - new Date(row.last).getTime() > 26 * 3_600_000,
  );
  expect(open && closed).toBeTruthy();

  const clientId = crypto.randomUUID();
  // Instagram fails the first time: the reply stays, marked failed with the reason.
  await sandboxControl(testApp, "/faults", {
    pathGlob: "*/messages",
    method: "POST",
    code: 2,
    message: "Service temporarily unavailable",
    times: 1,
  });
  const failed = await client.post(
    `/api/inbox/conversations/${encodeURIComponent(open!.id)}/messages`,
    {
      text: "Yes, we ship whole beans to Vienna!",
      client_id: clientId,
    },
  );
  expect(failed.status).toBe(503);
  const afterFailure = (await (
    await client.get(`/api/inbox/conversations/${encodeURIComponent(open!.id)}/messages`)
  ).json()) as {
    messages: Array<{
      id: string;
      text: string;
      sendStatus: string | null;
      sendError: string | null;
    }>;
  };
  const kept = afterFailure.messages.find((message) => message.id === `pending:${clientId}`)!;
  expect(kept).toMatchObject({ text: "Yes, we ship whole beans to Vienna!", sendStatus: "failed" });
  expect(kept.sendError).toBeTruthy();

  // Retrying the same message sends it once.
  await sandboxControl(testApp, "/faults", undefined, "DELETE");
  const sent = await client.post(
    `/api/inbox/conversations/${encodeURIComponent(open!.id)}/messages`,
    {
      text: "Yes, we ship whole beans to Vienna!",
      client_id: clientId,
    },
  );
  expect(sent.status).toBe(201);
  const { message_id: messageId } = (await sent.json()) as { message_id: string };
  expect(
    (
      await client.post(`/api/inbox/conversations/${encodeURIComponent(open!.id)}/messages`, {
        text: "again",
        client_id: clientId,
      })
    ).status,
  ).toBe(409);
  // The sandbox recorded it in the thread.
  const token = testApp.sandbox!.issueToken({
    username: "northfield.coffee",
    login: "instagram",
    space: connection.user_id,
  });
  const thread = await testApp.graph
    .account({ login: "instagram", accessToken: token, igUserId: connection.instagram_id })
    .listMessages(open!.id);
  expect(thread.messages.map((message) => message.message)).toContain(
    "Yes, we ship whole beans to Vienna!",
  );
  const stored = (await (
    await client.get(`/api/inbox/conversations/${encodeURIComponent(open!.id)}/messages`)
  ).json()) as {
    messages: Array<{ id: string; sendStatus: string | null }>;
  };
  expect(stored.messages.filter((message) => message.id === messageId)).toEqual([
    expect.objectContaining({ sendStatus: "sent" }),
  ]);
  expect(stored.messages.some((message) => message.id.startsWith("pending:"))).toBe(false);

  const late = await client.post(
    `/api/inbox/conversations/${encodeURIComponent(closed!.id)}/messages`,
    {
      text: "Sorry for the late answer",
      client_id: crypto.randomUUID(),
    },
  );
  expect(late.status).toBe(409);
  expect(await late.text()).toContain("24-hour window to reply closed");
}, 180_000);
