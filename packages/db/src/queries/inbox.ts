import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

type Scope = { userId: string; accountId: string };

export type InboxConversationRow = {
  id: string;
  kind: "dm" | "comments";
  updatedTime: Date;
  lastSenderId: string;
  preview: string | null;
  items: number;
};

/**
 * The unified inbox list (issue 15): one row per DM thread and one per post with comments, the
 * newest first, keyset-paged on (updated time, id). "Comments" rows are the account's own posts.
 */
export async function listInboxConversations(
  db: Db,
  scope: Scope,
  options: {
    kind?: "dm" | "comments";
    before?: { updatedTime: Date; id: string };
    limit: number;
  },
): Promise<InboxConversationRow[]> {
  const result = (await db.execute(sql`
    with threads as (
      select 'dm' as kind, conversation_id as id, max(created_time) as updated_time,
        (array_agg(from_id order by created_time desc, ig_message_id desc))[1] as last_sender_id,
        (array_agg(text order by created_time desc, ig_message_id desc))[1] as preview,
        count(*)::int as items
      from instagram_messages
      where user_id = ${scope.userId} and account_id = ${scope.accountId}
      group by conversation_id
      union all
      select 'comments' as kind, ig_media_id as id, max(created_at) as updated_time,
        (array_agg(user_igsid order by created_at desc, ig_comment_id desc))[1] as last_sender_id,
        (array_agg(text order by created_at desc, ig_comment_id desc))[1] as preview,
        count(*)::int as items
      from instagram_comments
      where user_id = ${scope.userId} and account_id = ${scope.accountId}
        and media_owner_id = account_id
      group by ig_media_id
    )
    select kind, id, updated_time as "updatedTime", last_sender_id as "lastSenderId", preview, items
    from threads
    where (${options.kind ?? null}::text is null or kind = ${options.kind ?? null})
      and (${options.before?.updatedTime.toISOString() ?? null}::timestamptz is null
        or (updated_time, id) < (${options.before?.updatedTime.toISOString() ?? null}::timestamptz, ${options.before?.id ?? ""}))
    order by updated_time desc, id desc
    limit ${options.limit}
  `)) as unknown as {
    rows: Array<Omit<InboxConversationRow, "updatedTime"> & { updatedTime: Date | string }>;
  };
  return result.rows.map((row) => ({ ...row, updatedTime: new Date(row.updatedTime) }));
}

/** One DM thread's stored messages, oldest first; empty when the thread is not the user's. */
export async function listThreadMessages(db: Db, scope: Scope, threadId: string) {
  const result = (await db.execute(sql`
    select ig_message_id as id, from_id as "fromId", direction, text, created_time as "createdTime",
      send_status as "sendStatus", send_error as "sendError"
    from instagram_messages
    where user_id = ${scope.userId} and account_id = ${scope.accountId}
      and conversation_id = ${threadId}
    order by created_time asc, ig_message_id asc
  `)) as unknown as {
    rows: Array<{
      id: string;
      fromId: string;
      direction: "inbound" | "outbound";
      text: string | null;
      createdTime: Date | string;
    }>;
  };
  return result.rows.map((row) => ({
    ...row,
    createdTime: new Date(row.createdTime).toISOString(),
  }));
}

/** The other person of a thread (from their messages) and when they last wrote. */
export async function findThreadCounterpart(db: Db, scope: Scope, threadId: string) {
  const result = (await db.execute(sql`
    select t.business_igsid as "businessIgsid",
      (select from_id from instagram_messages m
        where m.user_id = t.user_id and m.account_id = t.account_id
          and m.conversation_id = t.thread_id and m.direction = 'inbound'
        order by created_time desc limit 1) as "personId",
      (select max(created_time) from instagram_messages m
        where m.user_id = t.user_id and m.account_id = t.account_id
          and m.conversation_id = t.thread_id and m.direction = 'inbound') as "lastInbound"
    from instagram_thread_map t
    where t.user_id = ${scope.userId} and t.account_id = ${scope.accountId}
      and t.thread_id = ${threadId}
  `)) as unknown as {
    rows: Array<{
      businessIgsid: string;
      personId: string | null;
      lastInbound: Date | string | null;
    }>;
  };
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    businessIgsid: row.businessIgsid,
    personId: row.personId,
    lastInbound: row.lastInbound === null ? null : new Date(row.lastInbound),
  };
}

/**
 * A reply on its way: stored first, so a failure never loses what the user typed. The same
 * pending id again retries a failed send; answers false when that send is underway or done.
 */
export async function insertSendingMessage(
  db: Db,
  row: Scope & {
    conversationId: string;
    clientMessageId: string;
    pendingId: string;
    fromId: string;
    text: string;
    now: Date;
  },
): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into instagram_messages
      (user_id, account_id, conversation_id, ig_message_id, from_id, direction, text, created_time,
        send_status, client_message_id)
    values (${row.userId}, ${row.accountId}, ${row.conversationId}, ${row.pendingId}, ${row.fromId},
      'outbound', ${row.text}, ${row.now.toISOString()}, 'sending', ${row.clientMessageId})
    on conflict (user_id, client_message_id) where client_message_id is not null do update
      set send_status = 'sending', send_error = null, text = excluded.text
      where instagram_messages.send_status = 'failed'
    returning 1 as one
  `)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Settles a reply: Instagram's id once sent, or the reason it failed. */
export async function settleSendingMessage(
  db: Db,
  scope: Scope,
  pendingId: string,
  outcome: { messageId: string } | { error: string },
) {
  if ("messageId" in outcome) {
    // The echo webhook may have stored Instagram's id already: then the pending row goes.
    await db.execute(sql`
      with echoed as (
        delete from instagram_messages
        where user_id = ${scope.userId} and account_id = ${scope.accountId}
          and ig_message_id = ${pendingId}
          and exists (select 1 from instagram_messages e
            where e.user_id = ${scope.userId} and e.account_id = ${scope.accountId}
              and e.ig_message_id = ${outcome.messageId})
        returning 1
      )
      update instagram_messages set ig_message_id = ${outcome.messageId}, send_status = 'sent',
        send_error = null
      where user_id = ${scope.userId} and account_id = ${scope.accountId}
        and ig_message_id = ${pendingId} and not exists (select 1 from echoed)
    `);
    return;
  }
  await db.execute(sql`
    update instagram_messages set send_status = 'failed', send_error = ${outcome.error.slice(0, 500)}
    where user_id = ${scope.userId} and account_id = ${scope.accountId} and ig_message_id = ${pendingId}
  `);
}
