import { postHashtags } from "@sightline/contracts";
import { and, asc, eq, gt, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  instagramAccountInsights,
  instagramAccountPeriodInsights,
  instagramAudienceSnapshots,
  instagramComments,
  instagramMedia,
  instagramMediaInsights,
  instagramMessages,
  instagramOnlineFollowers,
  instagramSyncState,
  instagramThreadMap,
} from "../schema/index.ts";
import { jsonRows } from "./json-rows.ts";
import { statementSlices } from "./statement-slices.ts";

/*
 * The sync's writes. Every insert names the row's natural key (user, account, Instagram id) in
 * its conflict target: running a sync twice, or resuming one, never duplicates a row.
 */

type Scope = { workspaceId: string; accountId: string };

export type SyncStateRow = typeof instagramSyncState.$inferSelect;

export async function getSyncState(
  db: Db,
  scope: Scope,
  resource: string,
): Promise<SyncStateRow | undefined> {
  const [row] = await db
    .select()
    .from(instagramSyncState)
    .where(
      and(
        eq(instagramSyncState.workspaceId, scope.workspaceId),
        eq(instagramSyncState.accountId, scope.accountId),
        eq(instagramSyncState.resource, resource),
      ),
    );
  return row;
}

export async function saveSyncState(
  db: Db,
  scope: Scope,
  resource: string,
  changes: {
    cursor?: string | null;
    highWater?: string | null;
    pendingHighWater?: string | null;
    note?: string | null;
  },
  now: Date,
) {
  await db
    .insert(instagramSyncState)
    .values({ ...scope, resource, ...changes, updatedAt: now })
    .onConflictDoUpdate({
      target: [
        instagramSyncState.workspaceId,
        instagramSyncState.accountId,
        instagramSyncState.resource,
      ],
      set: { ...changes, updatedAt: now },
    });
}

/** Every state row of the account whose resource starts with `prefix`, in one read. */
export async function listSyncStates(
  db: Db,
  scope: Scope,
  prefix: string,
): Promise<SyncStateRow[]> {
  return db
    .select()
    .from(instagramSyncState)
    .where(
      and(
        eq(instagramSyncState.workspaceId, scope.workspaceId),
        eq(instagramSyncState.accountId, scope.accountId),
        sql`starts_with(${instagramSyncState.resource}, ${prefix})`,
      ),
    );
}

/** Sets the high-water mark of several resources in one write (other fields kept). */
export async function saveSyncHighWaters(
  db: Db,
  scope: Scope,
  entries: Array<{ resource: string; highWater: string }>,
  now: Date,
) {
  if (entries.length === 0) return;
  await db
    .insert(instagramSyncState)
    .values(entries.map((entry) => ({ ...scope, ...entry, updatedAt: now })))
    .onConflictDoUpdate({
      target: [
        instagramSyncState.workspaceId,
        instagramSyncState.accountId,
        instagramSyncState.resource,
      ],
      set: { highWater: sql`excluded.high_water`, updatedAt: sql`excluded.updated_at` },
    });
}

export type MediaUpsert = Omit<typeof instagramMedia.$inferInsert, "id" | "hashtags">;

/**
 * Writes posts; each caption's hashtags are worked out here, so they never lag the caption. The
 * rows go as one JSON parameter (jsonRows): a page of posts with their carousels' children is
 * hundreds of rows of seventeen fields, which Drizzle would type one by one.
 */
export async function upsertMedia(db: Db, rows: MediaUpsert[]) {
  if (rows.length === 0) return;
  const { columns, select } = jsonRows(
    instagramMedia,
    rows.map((row) => ({
      ...row,
      hashtags:
        row.caption === null || row.caption === undefined ? null : postHashtags(row.caption),
    })),
  );
  await db.execute(sql`
    insert into ${instagramMedia} (${columns}) ${select}
    on conflict (workspace_id, account_id, ig_media_id) do update set
      caption = excluded.caption,
      hashtags = excluded.hashtags,
      media_type = excluded.media_type,
      media_product_type = excluded.media_product_type,
      permalink = excluded.permalink,
      like_count = excluded.like_count,
      comments_count = excluded.comments_count,
      is_comment_enabled = excluded.is_comment_enabled,
      -- A caller that did not read the picture (null) keeps the one stored.
      thumbnail_url = coalesce(excluded.thumbnail_url, ${instagramMedia}.thumbnail_url),
      synced_at = excluded.synced_at`);
}

/** Keeps a post's picture URL as Instagram just gave it (the inbox read a fresh one). */
export async function saveMediaThumbnail(
  db: Db,
  scope: Scope,
  igMediaId: string,
  thumbnailUrl: string,
) {
  await db
    .update(instagramMedia)
    .set({ thumbnailUrl })
    .where(
      and(
        eq(instagramMedia.workspaceId, scope.workspaceId),
        eq(instagramMedia.accountId, scope.accountId),
        eq(instagramMedia.igMediaId, igMediaId),
      ),
    );
}

/** Top-level media of the account (no carousel children), oldest id first, after `afterId`. */
export async function listAccountMedia(
  db: Db,
  scope: Scope,
  options: { afterIgMediaId?: string; postedSince?: Date } = {},
) {
  return db
    .select()
    .from(instagramMedia)
    .where(
      and(
        eq(instagramMedia.workspaceId, scope.workspaceId),
        eq(instagramMedia.accountId, scope.accountId),
        isNull(instagramMedia.parentIgMediaId),
        options.afterIgMediaId ? gt(instagramMedia.igMediaId, options.afterIgMediaId) : undefined,
        options.postedSince ? gte(instagramMedia.postedAt, options.postedSince) : undefined,
      ),
    )
    .orderBy(asc(instagramMedia.igMediaId));
}

export type CommentInsert = Omit<typeof instagramComments.$inferInsert, "id">;

/**
 * Inserts comments not stored yet; returns how many were new. The rows go as one JSON parameter
 * (jsonRows): a sync writes a few hundred at a time, and the inbox's summary trigger runs once per
 * statement either way.
 */
export async function insertComments(db: Db, rows: CommentInsert[]): Promise<number> {
  let inserted = 0;
  for (const slice of statementSlices(rows)) {
    const { columns, select } = jsonRows(instagramComments, slice);
    const result = await db.execute(sql`
      insert into ${instagramComments} (${columns}) ${select}
      on conflict (workspace_id, account_id, ig_comment_id) do nothing
      returning 1 as new`);
    inserted += (result as { rows: unknown[] }).rows.length;
  }
  return inserted;
}

export type MessageInsert = Omit<typeof instagramMessages.$inferInsert, "id">;

/** Inserts messages not stored yet; returns the ones that were new. */
export async function insertMessages(db: Db, rows: MessageInsert[]) {
  if (rows.length === 0) return [];
  return db
    .insert(instagramMessages)
    .values(rows)
    .onConflictDoNothing({
      target: [
        instagramMessages.workspaceId,
        instagramMessages.accountId,
        instagramMessages.igMessageId,
      ],
    })
    .returning();
}

/** Appends snapshot values and brings the posts' latest-metric columns in step with them. */
export async function insertMediaInsights(
  db: Db,
  rows: Array<typeof instagramMediaInsights.$inferInsert>,
) {
  if (rows.length === 0) return;
  // One JSON parameter (jsonRows): ten posts' metrics are ~70 rows of eight fields.
  const { columns, select } = jsonRows(instagramMediaInsights, rows);
  await db.execute(
    sql`insert into ${instagramMediaInsights} (${columns}) ${select} on conflict do nothing`,
  );
  const byScope = new Map<string, { scope: Scope; ids: Set<string> }>();
  for (const row of rows) {
    const key = `${row.workspaceId}\u0000${row.accountId}`;
    const entry = byScope.get(key) ?? {
      scope: { workspaceId: row.workspaceId, accountId: row.accountId },
      ids: new Set<string>(),
    };
    entry.ids.add(row.igMediaId);
    byScope.set(key, entry);
  }
  for (const { scope, ids } of byScope.values()) {
    await refreshMediaLatestMetrics(db, scope, [...ids]);
  }
}

/** The metrics instagram_media keeps a latest value of (our names, as in the snapshots). */
export const latestMediaMetrics = [
  ["reach", "latest_reach"],
  ["views", "latest_views"],
  ["likes", "latest_likes"],
  ["comments", "latest_comments"],
  ["saves", "latest_saves"],
  ["shares", "latest_shares"],
  ["interactions", "latest_interactions"],
] as const;

/**
 * Recomputes instagram_media's latest_* columns from the stored snapshots: each metric's value
 * in the newest snapshot that has it (a metric Meta left out of the newest snapshot keeps its
 * last stored value; one never stored stays null). Only the given posts, or every post of the
 * account without `igMediaIds` (the benchmark's seeded history; the migration does the same for
 * rows stored before the columns existed).
 */
export async function refreshMediaLatestMetrics(db: Db, scope: Scope, igMediaIds?: string[]) {
  if (igMediaIds && igMediaIds.length === 0) return;
  const snapshotOf = (metric: string) => sql`(
    select i.value from instagram_media_insights i
    where i.workspace_id = m.workspace_id and i.account_id = m.account_id
      and i.ig_media_id = m.ig_media_id and i.metric = ${metric}
    order by i.captured_at desc limit 1)`;
  const sets = latestMediaMetrics.map(
    ([metric, column]) => sql`${sql.raw(column)} = ${snapshotOf(metric)}`,
  );
  await db.execute(sql`
    update instagram_media m set ${sql.join(sets, sql`, `)},
      metrics_captured_at = (
        select max(i.captured_at) from instagram_media_insights i
        where i.workspace_id = m.workspace_id and i.account_id = m.account_id
          and i.ig_media_id = m.ig_media_id)
    where m.workspace_id = ${scope.workspaceId} and m.account_id = ${scope.accountId}
      ${
        igMediaIds
          ? sql`and m.ig_media_id in (${sql.join(
              igMediaIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }`);
}

/**
 * A day's value may still settle for 48 h: the latest read wins. One JSON parameter (jsonRows):
 * a first sync writes five days of a dozen metrics at a time.
 */
export async function upsertAccountInsights(
  db: Db,
  rows: Array<typeof instagramAccountInsights.$inferInsert>,
) {
  if (rows.length === 0) return;
  const { columns, select } = jsonRows(instagramAccountInsights, rows);
  await db.execute(sql`
    insert into ${instagramAccountInsights} (${columns}) ${select}
    on conflict (workspace_id, account_id, day, metric) do update set
      value = excluded.value,
      source_metric = excluded.source_metric,
      mapping_version = excluded.mapping_version,
      captured_at = excluded.captured_at`);
}

/** Per-period values (one per metric and window); a newer answer replaces the stored one. */
export async function upsertAccountPeriodInsights(
  db: Db,
  rows: Array<typeof instagramAccountPeriodInsights.$inferInsert>,
) {
  if (rows.length === 0) return;
  await db
    .insert(instagramAccountPeriodInsights)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        instagramAccountPeriodInsights.workspaceId,
        instagramAccountPeriodInsights.accountId,
        instagramAccountPeriodInsights.metric,
        instagramAccountPeriodInsights.fromDay,
        instagramAccountPeriodInsights.toDay,
      ],
      set: {
        value: sql`excluded.value`,
        sourceMetric: sql`excluded.source_metric`,
        mappingVersion: sql`excluded.mapping_version`,
        capturedAt: sql`excluded.captured_at`,
      },
    });
}

export async function upsertAudienceSnapshot(
  db: Db,
  row: typeof instagramAudienceSnapshots.$inferInsert,
) {
  await db
    .insert(instagramAudienceSnapshots)
    .values(row)
    .onConflictDoUpdate({
      target: [
        instagramAudienceSnapshots.workspaceId,
        instagramAudienceSnapshots.accountId,
        instagramAudienceSnapshots.day,
        instagramAudienceSnapshots.audience,
        instagramAudienceSnapshots.breakdown,
      ],
      set: { buckets: row.buckets, timeframe: row.timeframe, capturedAt: row.capturedAt },
    });
}

export async function upsertOnlineFollowers(
  db: Db,
  rows: Array<typeof instagramOnlineFollowers.$inferInsert>,
) {
  if (rows.length === 0) return;
  await db
    .insert(instagramOnlineFollowers)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        instagramOnlineFollowers.workspaceId,
        instagramOnlineFollowers.accountId,
        instagramOnlineFollowers.day,
      ],
      set: { hours: sql`excluded.hours`, capturedAt: sql`excluded.captured_at` },
    });
}

/** Row counts of every synced table for one user (tests and the benchmark compare them). */
export async function countSyncedRows(db: Db, workspaceId: string) {
  const tables = {
    instagram_media: instagramMedia,
    instagram_media_insights: instagramMediaInsights,
    instagram_account_insights: instagramAccountInsights,
    instagram_account_period_insights: instagramAccountPeriodInsights,
    instagram_audience_snapshots: instagramAudienceSnapshots,
    instagram_online_followers: instagramOnlineFollowers,
    instagram_comments: instagramComments,
    instagram_thread_map: instagramThreadMap,
    instagram_messages: instagramMessages,
  } as const;
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(table.workspaceId, workspaceId));
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

/**
 * Which of these media ids are synced media of these accounts (the webhook drain's one look-up
 * per batch: a comment on media that is not the account's own may be a mention). The unique
 * index leads with the workspace and account.
 */
export async function findSyncedMediaIds(
  db: Db,
  params: { workspaceIds: string[]; accountIds: string[]; mediaIds: string[] },
) {
  if (params.workspaceIds.length === 0 || params.accountIds.length === 0) return [];
  if (params.mediaIds.length === 0) return [];
  return db
    .select({
      workspaceId: instagramMedia.workspaceId,
      accountId: instagramMedia.accountId,
      igMediaId: instagramMedia.igMediaId,
    })
    .from(instagramMedia)
    .where(
      and(
        inArray(instagramMedia.workspaceId, params.workspaceIds),
        inArray(instagramMedia.accountId, params.accountIds),
        inArray(instagramMedia.igMediaId, params.mediaIds),
      ),
    );
}
