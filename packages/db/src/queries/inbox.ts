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
  /** DMs: the other person; comments: the newest commenter who is not the account. */
  personId: string | null;
  username: string | null;
  name: string | null;
  profilePic: string | null;
  /** Comments: the post's caption. */
  caption: string | null;
  isUnread: boolean;
  /** Issue 15 point 4: the last word is someone else's and the account has not answered. */
  needsReply: boolean;
};

export type InboxListFilter = "dm" | "comments" | "unread" | "needs_reply";

/** `%`, `_` and `\` match themselves in an ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The unified inbox list (issue 15): one row per DM thread and one per post with comments, the
 * newest first, keyset-paged on (updated time, id). "Comments" rows are the account's own posts.
 * Unread: marked unread, or something from someone else newer than the stored read time.
 * `q` matches the person's name or username, the post's caption, or any message or comment text.
 */
export async function listInboxConversations(
  db: Db,
  scope: Scope,
  options: {
    filter?: InboxListFilter;
    q?: string;
    /** One conversation only (its row, to check it exists and read its time). */
    exactId?: string;
    before?: { updatedTime: Date; id: string };
    limit: number;
  },
): Promise<InboxConversationRow[]> {
  const filter = options.filter ?? null;
  const pattern = options.q ? likePattern(options.q) : null;
  const result = (await db.execute(sql`
    with dm as (
      -- One index probe per thread (instagram_messages_conversation_idx) instead of aggregating
      -- every message: the list stays fast with hundreds of thousands of messages.
      select t.thread_id as id, last.created_time as updated_time,
        last.from_id as last_sender_id, last.direction = 'inbound' as needs_reply,
        coalesce(last.text, '') as preview,
        inbound.from_id as person_id, inbound.created_time as last_other_time,
        (${pattern}::text is not null and exists (
          select 1 from instagram_messages x
          where x.user_id = t.user_id and x.conversation_id = t.thread_id
            and x.account_id = t.account_id and x.text ilike ${pattern})) as text_match
      from instagram_thread_map t
      cross join lateral (
        select m.created_time, m.from_id, m.direction, m.text
        from instagram_messages m
        where m.user_id = t.user_id and m.conversation_id = t.thread_id
          and m.account_id = t.account_id
        order by m.created_time desc, m.ig_message_id desc
        limit 1
      ) last
      left join lateral (
        select m.from_id, m.created_time
        from instagram_messages m
        where m.user_id = t.user_id and m.conversation_id = t.thread_id
          and m.account_id = t.account_id and m.direction = 'inbound'
        order by m.created_time desc
        limit 1
      ) inbound on true
      where t.user_id = ${scope.userId} and t.account_id = ${scope.accountId}
    ),
    post_comments as (
      select ig_media_id as id, max(created_at) as updated_time,
        (array_agg(user_igsid order by created_at desc, ig_comment_id desc))[1] as last_sender_id,
        (array_agg(coalesce(text, '') order by created_at desc, ig_comment_id desc))[1] as preview,
        count(*)::int as items,
        (array_agg(user_igsid order by created_at desc, ig_comment_id desc))[1] <> account_id as needs_reply,
        (array_agg(user_igsid order by created_at desc) filter (where user_igsid <> account_id))[1] as person_id,
        (array_agg(username order by created_at desc) filter (where user_igsid <> account_id))[1] as username,
        max(created_at) filter (where user_igsid <> account_id) as last_other_time,
        coalesce(bool_or(text ilike ${pattern} or username ilike ${pattern}), false) as text_match
      from instagram_comments
      where user_id = ${scope.userId} and account_id = ${scope.accountId}
        and media_owner_id = account_id
      group by ig_media_id, account_id
    ),
    threads as (
      select 'dm' as kind, dm.id, dm.updated_time, dm.last_sender_id, dm.needs_reply, dm.preview,
        dm.person_id, p.username, p.name, p.profile_pic, null::text as caption, dm.last_other_time,
        dm.text_match or p.username ilike ${pattern} or p.name ilike ${pattern} as is_match
      from dm
      left join inbox_people p on p.user_id = ${scope.userId} and p.account_id = ${scope.accountId}
        and p.igsid = dm.person_id
      union all
      select 'comments' as kind, c.id, c.updated_time, c.last_sender_id, c.needs_reply, c.preview,
        c.person_id, c.username, null::text as name, null::text as profile_pic, m.caption,
        c.last_other_time, c.text_match or m.caption ilike ${pattern} as is_match
      from post_comments c
      left join instagram_media m on m.user_id = ${scope.userId} and m.account_id = ${scope.accountId}
        and m.ig_media_id = c.id
    ),
    listed as (
      select t.*, coalesce(r.is_marked_unread, false)
        or (t.last_other_time is not null and (r.read_at is null or t.last_other_time > r.read_at))
        as is_unread
      from threads t
      left join inbox_read_states r on r.user_id = ${scope.userId} and r.account_id = ${scope.accountId}
        and r.kind = t.kind and r.conversation_id = t.id
    )
    , page as (
      select * from listed
    where (${filter}::text is null
        or (${filter} in ('dm', 'comments') and kind = ${filter})
        or (${filter} = 'unread' and is_unread)
        or (${filter} = 'needs_reply' and needs_reply))
      and (${pattern}::text is null or coalesce(is_match, false))
      and (${options.exactId ?? null}::text is null or id = ${options.exactId ?? null})
      and (${options.before?.updatedTime.toISOString() ?? null}::timestamptz is null
        or (updated_time, id) < (${options.before?.updatedTime.toISOString() ?? null}::timestamptz, ${options.before?.id ?? ""}))
    order by updated_time desc, id desc
      limit ${options.limit}
    )
    select kind, id, updated_time as "updatedTime", last_sender_id as "lastSenderId", preview,
      case when kind = 'dm'
        then (select count(*)::int from instagram_messages m where m.user_id = ${scope.userId}
          and m.account_id = ${scope.accountId} and m.conversation_id = page.id)
        else (select count(*)::int from instagram_comments c where c.user_id = ${scope.userId}
          and c.account_id = ${scope.accountId} and c.ig_media_id = page.id)
      end as items,
      person_id as "personId", username, name, profile_pic as "profilePic", caption,
      is_unread as "isUnread", needs_reply as "needsReply"
    from page
    order by updated_time desc, id desc
  `)) as unknown as {
    rows: Array<Omit<InboxConversationRow, "updatedTime"> & { updatedTime: Date | string }>;
  };
  return result.rows.map((row) => ({ ...row, updatedTime: new Date(row.updatedTime) }));
}

/** One DM thread's stored messages with their attachments, oldest first; empty when not the user's. */
export async function listThreadMessages(db: Db, scope: Scope, threadId: string) {
  const result = (await db.execute(sql`
    select m.ig_message_id as id, m.from_id as "fromId", m.direction, m.text,
      m.created_time as "createdTime", m.send_status as "sendStatus", m.send_error as "sendError",
      coalesce(a.attachments, '[]'::jsonb) as attachments
    from instagram_messages m
    left join inbox_message_attachments a on a.user_id = m.user_id and a.account_id = m.account_id
      and a.ig_message_id = m.ig_message_id
    where m.user_id = ${scope.userId} and m.account_id = ${scope.accountId}
      and m.conversation_id = ${threadId}
    order by m.created_time asc, m.ig_message_id asc
  `)) as unknown as {
    rows: Array<{
      id: string;
      fromId: string;
      direction: "inbound" | "outbound";
      text: string | null;
      createdTime: Date | string;
      sendStatus: "sending" | "sent" | "failed" | null;
      sendError: string | null;
      attachments: Array<{ type: MessageAttachmentType; url: string | null }> | string;
    }>;
  };
  return result.rows.map((row) => ({
    ...row,
    // PGlite and node-postgres both parse jsonb; a driver that hands back text is parsed here.
    attachments:
      typeof row.attachments === "string" ? JSON.parse(row.attachments) : row.attachments,
    createdTime: new Date(row.createdTime).toISOString(),
  })) as Array<
    Omit<(typeof result.rows)[number], "attachments" | "createdTime"> & {
      attachments: Array<{ type: MessageAttachmentType; url: string | null }>;
      createdTime: string;
    }
  >;
}

type MessageAttachmentType = "image" | "video" | "audio" | "file" | "share" | "story";

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
