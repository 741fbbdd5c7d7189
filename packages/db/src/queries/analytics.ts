import { and, asc, count, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  instagramAccountInsights,
  instagramAccountPeriodInsights,
  instagramComments,
  instagramMedia,
  instagramMediaInsights,
} from "../schema/index.ts";
import { mediaTypeSql } from "./post-benchmarks.ts";

/*
 * Analytics reads (issue 16). Every query is scoped by the user AND the connection's account
 * (instagram_id): rows synced for an earlier connection to another account never mix in.
 */

export type AnalyticsScope = { workspaceId: string; accountId: string };

type DailyPoint = { day: string; metric: string; value: number; capturedAt: Date };

/**
 * Stored daily account values of the given metrics for days `from`..`to` (inclusive, UTC),
 * oldest first (listAccountsDailyMetrics for one account).
 */
export async function listAccountDailyMetrics(
  db: Db,
  scope: AnalyticsScope,
  options: { from: string; to: string; metrics: readonly string[] },
): Promise<DailyPoint[]> {
  const byAccount = await listAccountsDailyMetrics(
    db,
    scope.workspaceId,
    [scope.accountId],
    options,
  );
  return byAccount.get(scope.accountId) ?? [];
}

/**
 * Per metric, the sum of the stored daily values for days `from`..`to` and how many days are
 * stored (a metric with no stored day has no row). The previous period of a comparison needs only
 * these, not its days.
 */
export async function sumAccountDailyMetrics(
  db: Db,
  scope: AnalyticsScope,
  options: { from: string; to: string; metrics: readonly string[] },
): Promise<Map<string, { total: number; days: number }>> {
  const rows = await db
    .select({
      metric: instagramAccountInsights.metric,
      total: sql<number | string>`sum(${instagramAccountInsights.value})`,
      days: count(),
    })
    .from(instagramAccountInsights)
    .where(
      and(
        eq(instagramAccountInsights.workspaceId, scope.workspaceId),
        eq(instagramAccountInsights.accountId, scope.accountId),
        gte(instagramAccountInsights.day, options.from),
        lte(instagramAccountInsights.day, options.to),
        inArray(instagramAccountInsights.metric, [...options.metrics]),
      ),
    )
    .groupBy(instagramAccountInsights.metric);
  return new Map(
    rows.map((row) => [row.metric, { total: Number(row.total), days: Number(row.days) }]),
  );
}

/**
 * Stored per-period values (Instagram's total_value over exactly `from`..`to`) of the given
 * metrics, keyed by metric.
 */
export async function findAccountPeriodMetrics(
  db: Db,
  scope: AnalyticsScope,
  options: { from: string; to: string; metrics: readonly string[] },
): Promise<Map<string, { value: number; capturedAt: Date }>> {
  const found = await findAccountsPeriodMetrics(db, scope.workspaceId, [scope.accountId], {
    windows: [options],
    metrics: options.metrics,
  });
  return found.get(`${scope.accountId} ${options.from} ${options.to}`) ?? new Map();
}

/** The first day any daily account value is stored for (null before the first sync). */
export async function findOldestAccountInsightDay(
  db: Db,
  scope: AnalyticsScope,
): Promise<string | null> {
  const found = await findOldestAccountInsightDays(db, scope.workspaceId, [scope.accountId]);
  return found.get(scope.accountId) ?? null;
}

export type PostSortKey =
  | "posted_at"
  | "reach"
  | "views"
  | "likes"
  | "comments"
  | "saves"
  | "shares"
  | "engagement";

/** Where the previous page ended: its last row's sort value (null sorts last) and id. */
export type PostCursor = { value: string | number | null; igMediaId: string };

export interface PostListOptions {
  sort: PostSortKey;
  order: "asc" | "desc";
  /** Meta's media_type, or REELS / STORY (media_product_type). */
  type?: "IMAGE" | "CAROUSEL_ALBUM" | "REELS" | "VIDEO" | "STORY";
  /** Posted at or after this instant / before this instant. */
  postedFrom?: Date;
  postedBefore?: Date;
  captionContains?: string;
  cursor?: PostCursor;
  limit: number;
}

export interface PostMetricsRow {
  igMediaId: string;
  mediaType: string;
  mediaProductType: string | null;
  caption: string | null;
  permalink: string | null;
  postedAt: Date | null;
  reach: number | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  saves: number | null;
  shares: number | null;
  interactions: number | null;
  engagement: number | null;
  /** When the newest snapshot was taken (null: none stored). */
  metricsCapturedAt: Date | null;
}

const sortColumns: Record<PostSortKey, SQL> = {
  posted_at: sql.raw("posts.posted_at"),
  reach: sql.raw("posts.reach"),
  views: sql.raw("posts.views"),
  likes: sql.raw("posts.likes"),
  comments: sql.raw("posts.comments"),
  saves: sql.raw("posts.saves"),
  shares: sql.raw("posts.shares"),
  engagement: sql.raw("posts.engagement"),
};

function typeFilter(type: PostListOptions["type"]): SQL | undefined {
  // The type each row is shown under (a story or reel keeps media_type IMAGE/VIDEO).
  return type ? sql`${mediaTypeSql("m")} = ${type}` : undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Keyset condition after the cursor: nulls come last whatever the order. */
function afterCursor(options: PostListOptions): SQL | undefined {
  const cursor = options.cursor;
  if (!cursor) return undefined;
  const key = sortColumns[options.sort];
  const op = sql.raw(options.order === "desc" ? "<" : ">");
  if (cursor.value === null) {
    return sql`(${key} is null and posts.ig_media_id ${op} ${cursor.igMediaId})`;
  }
  const value =
    options.sort === "posted_at"
      ? sql`${String(cursor.value)}::timestamptz`
      : sql`${Number(cursor.value)}::double precision`;
  return sql`(${key} ${op} ${value} or (${key} = ${value} and posts.ig_media_id ${op} ${cursor.igMediaId}) or ${key} is null)`;
}

type RawPostRow = {
  ig_media_id: string;
  media_type: string;
  media_product_type: string | null;
  caption: string | null;
  permalink: string | null;
  posted_at: string | Date | null;
  reach: number | string | null;
  views: number | string | null;
  likes: number | string | null;
  comments: number | string | null;
  saves: number | string | null;
  shares: number | string | null;
  interactions: number | string | null;
  engagement: number | string | null;
  metrics_captured_at: string | Date | null;
};

function num(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Top-level posts with each metric's latest snapshot value (instagram_media's latest_* columns,
 * kept in step with the snapshots by insertMediaInsights: a metric Meta left out of the newest
 * snapshot keeps its last stored value, and one never stored stays null). Likes and comments
 * fall back to the counts on the media row, which the sync also reads from Instagram, for posts
 * Instagram gives no insights for. One table, filtered, sorted and cut at the page size: the
 * cost no longer grows with the snapshots each post gathers.
 * Keyset-paginated on (sort value, ig_media_id); asks for one row more than `limit` so the caller
 * knows whether another page exists.
 */
export async function listPostsWithLatestMetrics(
  db: Db,
  scope: AnalyticsScope,
  options: PostListOptions,
): Promise<PostMetricsRow[]> {
  const filters = [
    typeFilter(options.type),
    options.postedFrom
      ? sql`m.posted_at >= ${options.postedFrom.toISOString()}::timestamptz`
      : undefined,
    options.postedBefore
      ? sql`m.posted_at < ${options.postedBefore.toISOString()}::timestamptz`
      : undefined,
    options.captionContains
      ? sql`m.caption ilike ${`%${escapeLike(options.captionContains)}%`}`
      : undefined,
  ].filter((filter): filter is SQL => filter !== undefined);
  const where = filters.length > 0 ? sql` and ${sql.join(filters, sql` and `)}` : sql``;
  const cursor = afterCursor(options);
  const key = sortColumns[options.sort];
  const direction = sql.raw(options.order === "desc" ? "desc" : "asc");
  const result = await db.execute(sql`
    select * from (
      select m.ig_media_id, m.media_type, m.media_product_type, m.caption, m.permalink,
        m.posted_at, m.latest_reach as reach, m.latest_views as views,
        coalesce(m.latest_likes, m.like_count::double precision) as likes,
        coalesce(m.latest_comments, m.comments_count::double precision) as comments,
        m.latest_saves as saves, m.latest_shares as shares,
        m.latest_interactions as interactions,
        m.latest_interactions / nullif(m.latest_reach, 0) as engagement,
        m.metrics_captured_at
      from instagram_media m
      where m.workspace_id = ${scope.workspaceId} and m.account_id = ${scope.accountId}
        and m.parent_ig_media_id is null${where}
    ) posts
    ${cursor ? sql`where ${cursor}` : sql``}
    order by ${key} ${direction} nulls last, posts.ig_media_id ${direction}
    limit ${options.limit + 1}
  `);
  return rowsOf<RawPostRow>(result).map((row) => ({
    igMediaId: row.ig_media_id,
    mediaType: row.media_type,
    mediaProductType: row.media_product_type,
    caption: row.caption,
    permalink: row.permalink,
    postedAt: row.posted_at === null ? null : new Date(row.posted_at),
    reach: num(row.reach),
    views: num(row.views),
    likes: num(row.likes),
    comments: num(row.comments),
    saves: num(row.saves),
    shares: num(row.shares),
    interactions: num(row.interactions),
    engagement: num(row.engagement),
    metricsCapturedAt: row.metrics_captured_at === null ? null : new Date(row.metrics_captured_at),
  }));
}

/** One top-level post of the account, or undefined when it is not in the user's synced data. */
export async function findAccountPost(db: Db, scope: AnalyticsScope, igMediaId: string) {
  const [row] = await db
    .select()
    .from(instagramMedia)
    .where(
      and(
        eq(instagramMedia.workspaceId, scope.workspaceId),
        eq(instagramMedia.accountId, scope.accountId),
        eq(instagramMedia.igMediaId, igMediaId),
        isNull(instagramMedia.parentIgMediaId),
      ),
    );
  return row;
}

/** Every stored snapshot of a post, oldest first. */
export async function listPostMetricSnapshots(db: Db, scope: AnalyticsScope, igMediaId: string) {
  return db
    .select({
      capturedAt: instagramMediaInsights.capturedAt,
      metric: instagramMediaInsights.metric,
      value: instagramMediaInsights.value,
    })
    .from(instagramMediaInsights)
    .where(
      and(
        eq(instagramMediaInsights.workspaceId, scope.workspaceId),
        eq(instagramMediaInsights.accountId, scope.accountId),
        eq(instagramMediaInsights.igMediaId, igMediaId),
      ),
    )
    .orderBy(asc(instagramMediaInsights.capturedAt), asc(instagramMediaInsights.metric));
}

/** Comments stored for a post (replies included). */
export async function countPostComments(
  db: Db,
  scope: AnalyticsScope,
  igMediaId: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(instagramComments)
    .where(
      and(
        eq(instagramComments.workspaceId, scope.workspaceId),
        eq(instagramComments.accountId, scope.accountId),
        eq(instagramComments.igMediaId, igMediaId),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The newest snapshot of each audience breakdown (followers and engaged audience). */
export async function listLatestAudienceSnapshots(db: Db, scope: AnalyticsScope) {
  const result = (await db.execute(sql`
    select distinct on (audience, breakdown) audience, breakdown, timeframe, day, buckets
    from instagram_audience_snapshots
    where workspace_id = ${scope.workspaceId} and account_id = ${scope.accountId}
    order by audience, breakdown, day desc
  `)) as unknown as {
    rows: Array<{
      audience: "followers" | "engaged";
      breakdown: string;
      timeframe: string;
      day: string | Date;
      buckets: Array<{ dimensions: string[]; value: number }>;
    }>;
  };
  return result.rows.map((row) => ({
    ...row,
    day: typeof row.day === "string" ? row.day.slice(0, 10) : row.day.toISOString().slice(0, 10),
  }));
}

/*
 * The account reads above for several accounts at once, one query each (All accounts, issue
 * 29: ten accounts cost four queries instead of fifty); one account's reads go through them.
 */

/**
 * Stored daily values for several accounts, keyed by account id, each oldest first. Each
 * metric's days come back as one JSON array: two years of eight metrics is 5,840 values, and one
 * row per value costs PGlite several times more to hand over. The arrays are unordered (the days
 * are sorted here): an `order by day` inside the aggregate made PGlite sort every row by metric
 * and day first, and `extract(epoch …)` computes in numeric where `date_part` uses a double;
 * without both, two years of nine metrics took 8.8 ms instead of 15.0 (p50 of 60, interleaved).
 */
export async function listAccountsDailyMetrics(
  db: Db,
  workspaceId: string,
  accountIds: readonly string[],
  options: { from: string; to: string; metrics: readonly string[] },
): Promise<Map<string, DailyPoint[]>> {
  const byAccount = new Map<string, DailyPoint[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0 || options.metrics.length === 0) return byAccount;
  const result = await db.execute(sql`
    select account_id, metric,
      json_agg(json_build_array(day, value, date_part('epoch', captured_at) * 1000))::text as points
    from instagram_account_insights
    where workspace_id = ${workspaceId}
      and account_id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and day >= ${options.from} and day <= ${options.to}
      and metric in (${sql.join(
        options.metrics.map((metric) => sql`${metric}`),
        sql`, `,
      )})
    group by account_id, metric`);
  for (const row of rowsOf<{ account_id: string; metric: string; points: string }>(result)) {
    const rows = byAccount.get(row.account_id);
    if (!rows) continue;
    for (const [day, value, capturedMs] of JSON.parse(row.points) as Array<
      [string, number, number]
    >) {
      rows.push({
        day,
        metric: row.metric,
        value: Number(value),
        capturedAt: new Date(Number(capturedMs)),
      });
    }
  }
  for (const rows of byAccount.values()) {
    rows.sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0));
  }
  return byAccount;
}

/** findOldestAccountInsightDay for several accounts at once (an account with none is absent). */
export async function findOldestAccountInsightDays(
  db: Db,
  workspaceId: string,
  accountIds: readonly string[],
): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  // Each account's first day from the primary key's order (workspace, account, day): one index
  // step per account, where min() grouped by account read every stored day of every account.
  const accounts = sql.join(
    accountIds.map((id) => sql`(${id})`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select a.id as "accountId",
      (select i.day from instagram_account_insights i
        where i.workspace_id = ${workspaceId} and i.account_id = a.id
        order by i.day limit 1)::text as day
    from (values ${accounts}) as a(id)
  `)) as unknown as { rows: Array<{ accountId: string; day: string | null }> };
  return new Map(
    result.rows.flatMap((row) => (row.day ? [[row.accountId, row.day] as [string, string]] : [])),
  );
}

/**
 * findAccountPeriodMetrics for several accounts and windows at once, keyed by
 * `<account id> <from> <to>`.
 */
export async function findAccountsPeriodMetrics(
  db: Db,
  workspaceId: string,
  accountIds: readonly string[],
  options: { windows: ReadonlyArray<{ from: string; to: string }>; metrics: readonly string[] },
): Promise<Map<string, Map<string, { value: number; capturedAt: Date }>>> {
  const found = new Map<string, Map<string, { value: number; capturedAt: Date }>>();
  if (accountIds.length === 0 || options.metrics.length === 0 || options.windows.length === 0) {
    return found;
  }
  const rows = await db
    .select({
      accountId: instagramAccountPeriodInsights.accountId,
      fromDay: instagramAccountPeriodInsights.fromDay,
      toDay: instagramAccountPeriodInsights.toDay,
      metric: instagramAccountPeriodInsights.metric,
      value: instagramAccountPeriodInsights.value,
      capturedAt: instagramAccountPeriodInsights.capturedAt,
    })
    .from(instagramAccountPeriodInsights)
    .where(
      and(
        eq(instagramAccountPeriodInsights.workspaceId, workspaceId),
        inArray(instagramAccountPeriodInsights.accountId, [...accountIds]),
        inArray(
          instagramAccountPeriodInsights.fromDay,
          options.windows.map((window) => window.from),
        ),
        inArray(instagramAccountPeriodInsights.metric, [...options.metrics]),
      ),
    );
  for (const row of rows) {
    if (!options.windows.some((w) => w.from === row.fromDay && w.to === row.toDay)) continue;
    const key = `${row.accountId} ${row.fromDay} ${row.toDay}`;
    const metrics = found.get(key) ?? new Map();
    metrics.set(row.metric, { value: Number(row.value), capturedAt: row.capturedAt });
    found.set(key, metrics);
  }
  return found;
}

/**
 * Each account's activity for the All accounts view: its top-level posts published in
 * [postedFrom, postedBefore), and the direct-message threads waiting for its reply (every id
 * present, zeros where none).
 */
export async function countAccountsActivity(
  db: Db,
  workspaceId: string,
  accountIds: readonly string[],
  range: { postedFrom: Date; postedBefore: Date },
): Promise<Map<string, { posts: number; unansweredMessages: number }>> {
  const counts = new Map(accountIds.map((id) => [id, { posts: 0, unansweredMessages: 0 }]));
  if (accountIds.length === 0) return counts;
  const ids = sql.join(
    accountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select account_id, 'posts' as kind, count(*)::int as n from instagram_media
      where workspace_id = ${workspaceId} and account_id in (${ids})
        and parent_ig_media_id is null
        and posted_at >= ${range.postedFrom.toISOString()}
        and posted_at < ${range.postedBefore.toISOString()}
      group by account_id
    union all
    select account_id, 'unanswered' as kind, count(*)::int as n from inbox_thread_summaries
      where workspace_id = ${workspaceId} and account_id in (${ids})
        and kind = 'dm' and needs_reply
      group by account_id`);
  for (const row of rowsOf<{ account_id: string; kind: string; n: number }>(result)) {
    const entry = counts.get(row.account_id);
    if (!entry) continue;
    if (row.kind === "posts") entry.posts = Number(row.n);
    else entry.unansweredMessages = Number(row.n);
  }
  return counts;
}

/**
 * What a plan's history window hides (issue 30 point 7): the account's stored days before `day`
 * and its top-level posts posted before `postedBefore`. Both are kept; the window only hides them.
 */
export async function countHistoryBefore(
  db: Db,
  scope: AnalyticsScope,
  options: { day: string; postedBefore: Date },
): Promise<{ days: number; posts: number }> {
  const result = (await db.execute(sql`
    select
      (select count(distinct i.day) from instagram_account_insights i
        where i.workspace_id = ${scope.workspaceId} and i.account_id = ${scope.accountId}
          and i.day < ${options.day}::date)::int as days,
      (select count(*) from instagram_media m
        where m.workspace_id = ${scope.workspaceId} and m.account_id = ${scope.accountId}
          and m.parent_ig_media_id is null
          and m.posted_at < ${options.postedBefore.toISOString()}::timestamptz)::int as posts
  `)) as unknown as { rows: Array<{ days: number; posts: number }> };
  const row = result.rows[0];
  return { days: Number(row?.days ?? 0), posts: Number(row?.posts ?? 0) };
}
