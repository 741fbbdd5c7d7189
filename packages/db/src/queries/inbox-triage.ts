import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

type Scope = { workspaceId: string; accountId: string };

/** A DM thread whose last message is the other person's (the inbox's "needs reply"). */
export type WaitingThread = {
  threadId: string;
  personId: string | null;
  username: string | null;
  name: string | null;
  /** When the person last wrote: the 24-hour window runs from here. */
  lastInbound: Date;
  /** The person's messages since the account last wrote, oldest first, one a line. */
  text: string;
  /** How many messages that is. */
  messages: number;
};

/**
 * A comment thread (a top-level comment on one of the account's own posts and its replies)
 * whose newest comment is someone else's and not hidden: the account has not answered it.
 */
export type WaitingComment = {
  /** The newest comment of the thread (the one to answer). */
  commentId: string;
  /** The top-level comment (Instagram threads every reply under it). */
  rootId: string;
  mediaId: string;
  personId: string;
  username: string | null;
  text: string | null;
  createdAt: Date;
};

/**
 * What waits for a reply on one account (the Secretary, issue 31 point 4) since `since`, the
 * newest first and at most `limit` of each: DM threads the inbox marks "needs reply" whose person
 * wrote since then, and comment threads on the account's own posts whose newest comment is
 * someone else's, made since then. Hidden comments are not waiting: the member dealt with them.
 */
export async function listWaitingForReply(
  db: Db,
  scope: Scope,
  options: { since: Date; limit: number },
): Promise<{ threads: WaitingThread[]; comments: WaitingComment[]; storedConversations: number }> {
  const { workspaceId, accountId } = scope;
  const threads = (await db.execute(sql`
    select s.conversation_id as "threadId", s.person_id as "personId", p.username, p.name,
      s.last_other_time as "lastInbound", waiting.text, waiting.n as messages
    from inbox_thread_summaries s
    left join inbox_people p on p.workspace_id = s.workspace_id and p.account_id = s.account_id
      and p.igsid = s.person_id
    cross join lateral (
      select coalesce(string_agg(coalesce(m.text, ''), E'\n' order by m.created_time, m.ig_message_id), '') as text,
        count(*)::int as n
      from instagram_messages m
      where m.workspace_id = s.workspace_id and m.account_id = s.account_id
        and m.conversation_id = s.conversation_id and m.direction = 'inbound'
        and m.created_time > coalesce((select max(o.created_time) from instagram_messages o
          where o.workspace_id = s.workspace_id and o.account_id = s.account_id
            and o.conversation_id = s.conversation_id and o.direction = 'outbound'),
          '-infinity'::timestamptz)
    ) waiting
    where s.workspace_id = ${workspaceId} and s.account_id = ${accountId} and s.kind = 'dm'
      and s.needs_reply and s.last_other_time >= ${options.since.toISOString()}::timestamptz
    order by s.last_other_time desc, s.conversation_id desc
    limit ${options.limit}
  `)) as unknown as {
    rows: Array<Omit<WaitingThread, "lastInbound"> & { lastInbound: Date | string }>;
  };
  const comments = (await db.execute(sql`
    with newest as (
      select distinct on (coalesce(c.parent_ig_comment_id, c.ig_comment_id))
        c.ig_comment_id, coalesce(c.parent_ig_comment_id, c.ig_comment_id) as root_id,
        c.ig_media_id, c.user_igsid, c.username, c.text, c.created_at
      from instagram_comments c
      where c.workspace_id = ${workspaceId} and c.account_id = ${accountId}
        and c.media_owner_id = c.account_id
        and c.created_at >= ${options.since.toISOString()}::timestamptz
      order by coalesce(c.parent_ig_comment_id, c.ig_comment_id), c.created_at desc,
        c.ig_comment_id desc
    )
    select n.ig_comment_id as "commentId", n.root_id as "rootId", n.ig_media_id as "mediaId",
      n.user_igsid as "personId", n.username, n.text, n.created_at as "createdAt"
    from newest n
    left join inbox_comment_actions a on a.workspace_id = ${workspaceId}
      and a.account_id = ${accountId} and a.ig_comment_id = n.ig_comment_id
    where n.user_igsid <> ${accountId} and not coalesce(a.is_hidden, false)
    order by n.created_at desc, n.ig_comment_id desc
    limit ${options.limit}
  `)) as unknown as {
    rows: Array<Omit<WaitingComment, "createdAt"> & { createdAt: Date | string }>;
  };
  const stored = (await db.execute(sql`
    select count(*)::int as n from inbox_thread_summaries
    where workspace_id = ${workspaceId} and account_id = ${accountId}
  `)) as unknown as { rows: Array<{ n: number }> };
  return {
    threads: threads.rows.map((row) => ({
      ...row,
      messages: Number(row.messages),
      lastInbound: new Date(row.lastInbound),
    })),
    comments: comments.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })),
    storedConversations: Number(stored.rows[0]?.n ?? 0),
  };
}
