import type { InstagramConnection } from "@sightline/contracts";
import { type SQL, sql, TransactionRollbackError } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

let testApp: TestApp;
let client: HttpClient;
let connection: InstagramConnection;
beforeAll(async () => {
  // A copy of @lena.makes as its first sync left it (the run's snapshot, CI time), its webhooks
  // subscribed again at the copy's fresh sandbox.
  ({ testApp, client, connection } = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { webhooks: true },
  ));
}, 300_000);
afterAll(async () => {
  await testApp?.close();
});

type Row = {
  kind: string;
  id: string;
  updated_time: string;
  last_sender_id: string;
  needs_reply: boolean;
  items: number;
  last_other_time: string | null;
  caption: string | null;
};

async function rows(query: string): Promise<Row[]> {
  const result = (await testApp.database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows
    .map((row) => ({
      ...row,
      updated_time: new Date(row.updated_time).toISOString(),
      last_other_time: row.last_other_time ? new Date(row.last_other_time).toISOString() : null,
    }))
    .sort((a, b) => `${a.kind}${a.id}`.localeCompare(`${b.kind}${b.id}`));
}

/** The summaries as the triggers keep them. */
const stored = (workspaceId: string) =>
  rows(`select kind, conversation_id as id, updated_time, last_sender_id, needs_reply,
      item_count as items, last_other_time, caption
    from inbox_thread_summaries where workspace_id = '${workspaceId}'`);

/** The same, aggregated from scratch out of the messages and comments (the old list query). */
const recomputed = (workspaceId: string) =>
  rows(`
    select 'dm' as kind, t.thread_id as id,
      (array_agg(m.created_time order by m.created_time desc, m.ig_message_id desc))[1] as updated_time,
      (array_agg(m.from_id order by m.created_time desc, m.ig_message_id desc))[1] as last_sender_id,
      (array_agg(m.direction order by m.created_time desc, m.ig_message_id desc))[1] = 'inbound' as needs_reply,
      count(*)::int as items,
      max(m.created_time) filter (where m.direction = 'inbound') as last_other_time,
      null::text as caption
    from instagram_thread_map t
    join instagram_messages m on m.workspace_id = t.workspace_id and m.account_id = t.account_id
      and m.conversation_id = t.thread_id
    where t.workspace_id = '${workspaceId}'
    group by t.thread_id
    union all
    select 'comments', c.ig_media_id,
      (array_agg(c.created_at order by c.created_at desc, c.ig_comment_id desc))[1],
      (array_agg(c.user_igsid order by c.created_at desc, c.ig_comment_id desc))[1],
      (array_agg(c.user_igsid order by c.created_at desc, c.ig_comment_id desc))[1] <> c.account_id,
      count(*)::int,
      max(c.created_at) filter (where c.user_igsid <> c.account_id),
      (select caption from instagram_media m where m.workspace_id = c.workspace_id
        and m.account_id = c.account_id and m.ig_media_id = c.ig_media_id)
    from instagram_comments c
    where c.workspace_id = '${workspaceId}' and c.media_owner_id = c.account_id
    group by c.workspace_id, c.account_id, c.ig_media_id`);

/**
 * What a call of a refresh function read, in shared buffers (its own queries too), the second
 * time: the first also reads the catalog to plan the function's statements.
 */
async function buffersRead(call: SQL): Promise<number> {
  await testApp.database.db.execute(call);
  const result = (await testApp.database.db.execute(
    sql`explain (analyze, buffers, format json) ${call}`,
  )) as unknown as { rows: Array<{ "QUERY PLAN": unknown }> };
  const raw = result.rows[0]!["QUERY PLAN"];
  const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{
    Plan: { "Shared Hit Blocks": number; "Shared Read Blocks": number };
  }>;
  return plan!.Plan["Shared Hit Blocks"] + plan!.Plan["Shared Read Blocks"];
}

it("refreshes a post's or a thread's summary from its own rows, with no statistics gathered (PGlite gathers none)", async () => {
  const db = testApp.database.db;
  const workspaceId = connection.workspace_id;
  const accountId = connection.instagram_id;
  const { rows: posts } = (await db.execute(sql`
    select ig_media_id as id, count(*)::int as n from instagram_comments
    where workspace_id = ${workspaceId} and account_id = ${accountId}
      and media_owner_id = account_id
    group by ig_media_id order by count(*) desc limit 10`)) as unknown as {
    rows: Array<{ id: string; n: number }>;
  };
  const { rows: counted } = (await db.execute(sql`
    select count(*)::int as n from instagram_comments
    where workspace_id = ${workspaceId} and account_id = ${accountId}`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  const accountComments = counted[0]!.n;
  /** A refresh function's three arrays: the workspace, the account and each conversation. */
  const keys = (conversations: string[]) =>
    sql`${sql.param(conversations.map(() => workspaceId))}::uuid[], ${sql.param(conversations.map(() => accountId))}::text[], ${sql.param(conversations)}::text[]`;
  expect(posts).toHaveLength(10);
  expect(accountComments).toBeGreaterThan(2_000);
  const ids = posts.map((post) => post.id);
  const postsComments = posts.reduce((sum, post) => sum + post.n, 0);
  const read = await buffersRead(sql`select inbox_refresh_comment_summaries(${keys(ids)})`);
  // Each post's own comments (a few index pages and their rows), not the account's: scanning every
  // comment of the account once per post read ~52,000 buffers here.
  expect(read).toBeLessThan(postsComments + 40 * ids.length);
  expect(read).toBeLessThan(accountComments);

  // The account's comments deleted at once (a disconnect): each post's "no comment left" test
  // runs once, not once per summary of the workspace and post (migration 0043: 215 x 215 lookups
  // of the per-post index for this account before, 350 of the delete's 360 ms on PGlite). Counted
  // in the transaction's own statistics, then rolled back.
  const { rows: allPosts } = (await db.execute(sql`
    select count(distinct ig_media_id)::int as n from instagram_comments
    where workspace_id = ${workspaceId} and account_id = ${accountId}`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  const postCount = allPosts[0]!.n;
  expect(postCount).toBeGreaterThan(100);
  let lookups = -1;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from instagram_comments
        where workspace_id = ${workspaceId} and account_id = ${accountId}`);
      const { rows: scans } = (await tx.execute(sql`
        select pg_stat_get_xact_numscans('instagram_comments_media_newest_idx'::regclass)::int as n`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      lookups = scans[0]?.n ?? 0;
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  expect(lookups).toBeGreaterThan(0);
  expect(lookups).toBeLessThan(5 * postCount);

  const { rows: threads } = (await db.execute(sql`
    select thread_id as id from instagram_thread_map
    where workspace_id = ${workspaceId} and account_id = ${accountId} limit 10`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  const { rows: messages } = (await db.execute(sql`
    select count(*)::int as n from instagram_messages
    where workspace_id = ${workspaceId} and account_id = ${accountId}
      and conversation_id in (${sql.join(
        threads.map((thread) => sql`${thread.id}`),
        sql`, `,
      )})`)) as unknown as { rows: Array<{ n: number }> };
  expect(threads.length).toBeGreaterThan(0);
  const readThreads = await buffersRead(
    sql`select inbox_refresh_dm_summaries(${keys(threads.map((thread) => thread.id))})`,
  );
  expect(readThreads).toBeLessThan(messages[0]!.n + 40 * threads.length);
});

it("keeps every conversation's summary equal to its messages and comments through sync, webhooks, sends, deletes and read marks", async () => {
  const workspaceId = connection.workspace_id;
  const db = testApp.database.db;

  // After the first sync.
  const afterSync = await stored(workspaceId);
  expect(afterSync.filter((row) => row.kind === "dm").length).toBeGreaterThan(0);
  expect(afterSync.filter((row) => row.kind === "comments").length).toBeGreaterThan(0);
  expect(afterSync).toEqual(await recomputed(workspaceId));

  // A DM through the webhook path.
  testApp.sandbox!.simulateMessage({
    username: "lena.makes",
    text: "Hi there",
    space: connection.user_id,
  });
  // The webhook is delivered in the background: wait for it, then for what it queued.
  await testApp.sandbox!.idle();
  await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
  const list = (await (await client.get("/api/inbox/conversations?limit=1")).json()) as {
    items: Array<{ id: string; kind: string; preview: string; needs_reply: boolean }>;
  };
  expect(list.items[0]).toMatchObject({ kind: "dm", preview: "Hi there", needs_reply: true });
  expect(await stored(workspaceId)).toEqual(await recomputed(workspaceId));

  // A reply sent from Sightline: the thread no longer needs one.
  const threadId = list.items[0]!.id;
  const sent = await client.post(
    `/api/inbox/conversations/${encodeURIComponent(threadId)}/messages`,
    {
      text: "Hello back",
      client_id: crypto.randomUUID(),
    },
  );
  expect(sent.status).toBeLessThan(300);
  await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
  const after = (await (await client.get("/api/inbox/conversations?limit=1")).json()) as {
    items: Array<{ id: string; preview: string; needs_reply: boolean }>;
  };
  expect(after.items[0]).toMatchObject({ id: threadId, preview: "Hello back", needs_reply: false });
  expect(await stored(workspaceId)).toEqual(await recomputed(workspaceId));

  // Deleting a thread's newest message and a post's newest comment moves both back.
  await db.execute(`delete from instagram_messages where workspace_id = '${workspaceId}'
    and ig_message_id = (select ig_message_id from instagram_messages where workspace_id = '${workspaceId}'
      and conversation_id = '${threadId}' order by created_time desc limit 1)`);
  const post = afterSync.find((row) => row.kind === "comments")!;
  await db.execute(`delete from instagram_comments where workspace_id = '${workspaceId}'
    and ig_comment_id = (select ig_comment_id from instagram_comments where workspace_id = '${workspaceId}'
      and ig_media_id = '${post.id}' order by created_at desc, ig_comment_id desc limit 1)`);
  await db.execute(`update instagram_media set caption = 'A new caption'
    where workspace_id = '${workspaceId}' and ig_media_id = '${post.id}'`);
  expect(await stored(workspaceId)).toEqual(await recomputed(workspaceId));
  expect((await stored(workspaceId)).find((row) => row.id === post.id)?.caption).toBe(
    "A new caption",
  );

  // Read, then unread again: the Unread filter follows (the post is read first in the list).
  const isUnread = async () =>
    (
      (await db.execute(`select is_unread from inbox_thread_summaries where workspace_id = '${workspaceId}'
        and kind = 'comments' and conversation_id = '${post.id}'`)) as unknown as {
        rows: Array<{ is_unread: boolean }>;
      }
    ).rows[0]?.is_unread;
  const mark = (read: boolean) =>
    client.post(`/api/inbox/conversations/${encodeURIComponent(post.id)}/read`, {
      kind: "comments",
      read,
    });
  expect((await mark(true)).status).toBe(200);
  expect(await isUnread()).toBe(false);
  expect((await mark(false)).status).toBe(200);
  expect(await isUnread()).toBe(true);

  // Disconnecting removes every summary with the synced rows.
  await db.execute(`delete from instagram_comments where workspace_id = '${workspaceId}'`);
  await db.execute(`delete from instagram_messages where workspace_id = '${workspaceId}'`);
  expect(await stored(workspaceId)).toEqual([]);
});
