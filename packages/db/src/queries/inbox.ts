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
    select ig_message_id as id, from_id as "fromId", direction, text, created_time as "createdTime"
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
