import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

type Scope = { workspaceId: string; accountId: string };

/** The window items are counted in ([start, end)) and the moment the figures are read at. */
export type ResponseTimesWindow = { start: Date; end: Date; now: Date };

export type ResponseTimesRow = {
  answered: number;
  unanswered: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  withinHour: number;
  /** Items whose first hour has passed by `now`, or that were answered: the hour share's base. */
  hourBase: number;
  withinDay: number;
  dayBase: number;
};

/*
 * Inbox response times (decision 038's addendum). `events` is every item of the threads that
 * had an incoming item in the window (thread, time, id, whether it is the account's own); an
 * incoming item opens a wait when the event before it in its thread is the account's or there is
 * none, and the wait ends at the account's next event in that thread. One pass of window
 * functions over the touched threads, then one aggregate: one statement per kind.
 */
async function measure(db: Db, events: SQL, window: ResponseTimesWindow) {
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  const now = window.now.toISOString();
  const result = (await db.execute(sql`
    with events as (${events}),
    ordered as (
      select e.at, e.own,
        lag(e.own) over (partition by e.thread order by e.at, e.id) as previous_own,
        min(case when e.own then e.at end) over (partition by e.thread order by e.at, e.id
          rows between 1 following and unbounded following) as replied_at
      from events e
    ),
    waits as (
      select o.at as arrived_at, o.replied_at,
        extract(epoch from o.replied_at - o.at)::float8 as seconds
      from ordered o
      where not o.own and coalesce(o.previous_own, true)
        and o.at >= ${start}::timestamptz and o.at < ${end}::timestamptz
    )
    select
      count(*) filter (where replied_at is not null)::int as answered,
      count(*) filter (where replied_at is null)::int as unanswered,
      percentile_cont(0.5) within group (order by seconds) filter (where replied_at is not null)
        as median_seconds,
      percentile_cont(0.9) within group (order by seconds) filter (where replied_at is not null)
        as p90_seconds,
      count(*) filter (where seconds <= 3600)::int as within_hour,
      count(*) filter (where replied_at is not null
        or arrived_at <= ${now}::timestamptz - interval '1 hour')::int as hour_base,
      count(*) filter (where seconds <= 86400)::int as within_day,
      count(*) filter (where replied_at is not null
        or arrived_at <= ${now}::timestamptz - interval '24 hours')::int as day_base
    from waits
  `)) as unknown as {
    rows: Array<{
      answered: number;
      unanswered: number;
      median_seconds: number | string | null;
      p90_seconds: number | string | null;
      within_hour: number;
      hour_base: number;
      within_day: number;
      day_base: number;
    }>;
  };
  const row = result.rows[0]!;
  const seconds = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    answered: Number(row.answered),
    unanswered: Number(row.unanswered),
    medianSeconds: seconds(row.median_seconds),
    p90Seconds: seconds(row.p90_seconds),
    withinHour: Number(row.within_hour),
    hourBase: Number(row.hour_base),
    withinDay: Number(row.within_day),
    dayBase: Number(row.day_base),
  } satisfies ResponseTimesRow;
}

/**
 * DMs: a thread is a conversation; incoming is `direction = 'inbound'`; the account's replies
 * are its outbound messages read from Instagram (send_status null) or sent from Sightline and
 * confirmed ("sent"): a reply still "sending" or "failed" answered nobody.
 */
export function measureDmResponseTimes(db: Db, scope: Scope, window: ResponseTimesWindow) {
  return measure(
    db,
    sql`
      select m.conversation_id as thread, m.created_time as at, m.ig_message_id as id,
        m.direction = 'outbound' as own
      from instagram_messages m
      where m.workspace_id = ${scope.workspaceId} and m.account_id = ${scope.accountId}
        and (m.direction = 'inbound' or coalesce(m.send_status, 'sent') = 'sent')
        and m.conversation_id in (
          select i.conversation_id from instagram_messages i
          where i.workspace_id = ${scope.workspaceId} and i.account_id = ${scope.accountId}
            and i.direction = 'inbound'
            and i.created_time >= ${window.start.toISOString()}::timestamptz
            and i.created_time < ${window.end.toISOString()}::timestamptz)`,
    window,
  );
}

/**
 * Comments on the account's own posts: a thread is a top-level comment with the replies under
 * it; incoming is a comment by anyone but the account; the account's replies are its comments
 * in that thread and the private reply it sent to one of the thread's comments (settled with
 * Instagram's message id). Threads are found through the posts that had an incoming comment in
 * the window, which the (workspace, account, media, time) index reads directly.
 */
export function measureCommentResponseTimes(db: Db, scope: Scope, window: ResponseTimesWindow) {
  // An array computed once (an InitPlan), not a subquery joined per row: PGlite has no autovacuum
  // to keep statistics, and with none the planner joined 5,000 comments to the window's in a
  // nested loop (3 s for the demo account's 28 days; now milliseconds).
  const media = sql`
    select distinct i.ig_media_id from instagram_comments i
    where i.workspace_id = ${scope.workspaceId} and i.account_id = ${scope.accountId}
      and i.media_owner_id = i.account_id and i.user_igsid <> i.account_id
      and i.created_at >= ${window.start.toISOString()}::timestamptz
      and i.created_at < ${window.end.toISOString()}::timestamptz`;
  return measure(
    db,
    sql`
      select coalesce(c.parent_ig_comment_id, c.ig_comment_id) as thread, c.created_at as at,
        c.ig_comment_id as id, c.user_igsid = c.account_id as own
      from instagram_comments c
      where c.workspace_id = ${scope.workspaceId} and c.account_id = ${scope.accountId}
        and c.media_owner_id = c.account_id and c.ig_media_id = any(array(${media}))
      union all
      select coalesce(c.parent_ig_comment_id, c.ig_comment_id), a.private_reply_at,
        'private:' || a.ig_comment_id, true
      from inbox_comment_actions a
      join instagram_comments c on c.workspace_id = a.workspace_id
        and c.account_id = a.account_id and c.ig_comment_id = a.ig_comment_id
      where a.workspace_id = ${scope.workspaceId} and a.account_id = ${scope.accountId}
        and a.private_reply_at is not null and a.private_reply_message_id is not null
        and c.media_owner_id = c.account_id and c.ig_media_id = any(array(${media}))`,
    window,
  );
}
