import {
  type AnalyticsPostType,
  analyticsPostTypeFallback,
  analyticsPostTypeRules,
  postHashtags,
} from "@sightline/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";

/**
 * A post's type (contracts' analyticsPostType) in SQL, built from the same rules, for the
 * instagram_media row named `alias`.
 */
export function mediaTypeSql(alias: string): SQL {
  const columns = { mediaType: "media_type", mediaProductType: "media_product_type" } as const;
  const cases = analyticsPostTypeRules.map(
    (rule) =>
      sql`when ${sql.identifier(alias)}.${sql.identifier(columns[rule.column])} = ${rule.equals} then ${rule.type}`,
  );
  return sql`(case ${sql.join(cases, sql` `)} else ${analyticsPostTypeFallback} end)`;
}

export type BenchmarkPost = {
  igMediaId: string;
  type: AnalyticsPostType;
  postedAt: Date;
  caption: string | null;
  reach: number;
  engagementRate: number;
};

export type PostBenchmarkFigures = {
  /** Posts with reach above 0 and interactions stored, posted in the period. */
  posts: number;
  byType: Array<{
    type: AnalyticsPostType;
    posts: number;
    medianReach: number;
    medianEngagementRate: number;
  }>;
  /** The three best by engagement rate (interactions ÷ reach), best first. */
  best: BenchmarkPost[];
  /** The three worst, worst first (the same order as `best`, read from its other end). */
  worst: BenchmarkPost[];
  /** Every hashtag used by at least two of the posts, with their median reach; not ranked. */
  hashtags: Array<{ tag: string; posts: number; medianReach: number }>;
};

type Scope = { workspaceId: string; accountId: string };

/**
 * Post Performance's benchmarks in one statement (issue 27 point 4): medians per type, the best
 * and worst three, and each hashtag's median reach, aggregated by the database over the posts'
 * latest metrics and stored hashtags. Only the six shown posts' captions leave it. Medians are
 * `percentile_cont(0.5)`: the middle value, or the mean of the two middle ones.
 */
export async function readPostBenchmarks(
  db: Db,
  scope: Scope,
  period: { from?: Date; before?: Date },
): Promise<PostBenchmarkFigures> {
  await fillMediaHashtags(db, scope);
  const conditions = [
    sql`m.workspace_id = ${scope.workspaceId}`,
    sql`m.account_id = ${scope.accountId}`,
    sql`m.parent_ig_media_id is null`,
    sql`m.posted_at is not null`,
    sql`m.latest_reach > 0`,
    sql`m.latest_interactions is not null`,
    ...(period.from ? [sql`m.posted_at >= ${period.from.toISOString()}`] : []),
    ...(period.before ? [sql`m.posted_at < ${period.before.toISOString()}`] : []),
  ];
  // One order for best and worst (rate, then newest, then id), read from either end. The three
  // come from a top-N sort (order by … limit 3), not a sort of every post.
  const order = (alias: string, direction: SQL) =>
    sql.join(
      ["rate", "posted_at", "ig_media_id"].map(
        (column) => sql`${sql.identifier(alias)}.${sql.identifier(column)} ${direction}`,
      ),
      sql`, `,
    );
  const shown = (direction: SQL) => sql`(select json_agg(json_build_array(s.ig_media_id, s.type,
      s.posted_at, (select c.caption from instagram_media c where c.workspace_id = ${scope.workspaceId}
        and c.account_id = ${scope.accountId} and c.ig_media_id = s.ig_media_id), s.reach, s.rate)
      order by ${order("s", direction)})
    from (select p.* from p order by ${order("p", direction)} limit 3) s)::text`;
  const result = (await db.execute(sql`
    with p as (
      select m.ig_media_id, m.posted_at, m.latest_reach as reach,
        m.latest_interactions / m.latest_reach as rate, m.hashtags, ${mediaTypeSql("m")} as type
      from instagram_media m
      where ${sql.join(conditions, sql` and `)}
    )
    select
      (select count(*) from p)::int as posts,
      (select json_agg(json_build_array(t.type, t.posts, t.median_reach, t.median_rate))
        from (select type, count(*)::int as posts,
            percentile_cont(0.5) within group (order by reach) as median_reach,
            percentile_cont(0.5) within group (order by rate) as median_rate
          from p group by type) t)::text as by_type,
      ${shown(sql`desc`)} as best,
      ${shown(sql`asc`)} as worst,
      (select json_agg(json_build_array(h.tag, h.posts, h.median_reach))
        from (select tag, count(*)::int as posts,
            percentile_cont(0.5) within group (order by p.reach) as median_reach
          from p, unnest(p.hashtags) as tag group by tag having count(*) >= 2) h)::text as hashtags
  `)) as unknown as {
    rows: Array<{
      posts: number;
      by_type: string | null;
      best: string | null;
      worst: string | null;
      hashtags: string | null;
    }>;
  };
  const row = result.rows[0]!;
  const posts = (text: string | null) =>
    (
      JSON.parse(text ?? "[]") as Array<
        [string, AnalyticsPostType, string, string | null, number, number]
      >
    ).map(([igMediaId, type, postedAt, caption, reach, engagementRate]) => ({
      igMediaId,
      type,
      postedAt: new Date(postedAt),
      caption,
      reach: Number(reach),
      engagementRate: Number(engagementRate),
    }));
  return {
    posts: Number(row.posts),
    byType: (
      JSON.parse(row.by_type ?? "[]") as Array<[AnalyticsPostType, number, number, number]>
    ).map(([type, count, medianReach, medianEngagementRate]) => ({
      type,
      posts: Number(count),
      medianReach: Number(medianReach),
      medianEngagementRate: Number(medianEngagementRate),
    })),
    best: posts(row.best),
    worst: posts(row.worst),
    hashtags: (JSON.parse(row.hashtags ?? "[]") as Array<[string, number, number]>).map(
      ([tag, count, medianReach]) => ({
        tag,
        posts: Number(count),
        medianReach: Number(medianReach),
      }),
    ),
  };
}

/** How many captions fillMediaHashtags reads and writes per statement. */
const FILL_BATCH = 2000;

/**
 * Works out the stored hashtags of the account's posts that have a caption but none yet (rows
 * written before migration 0042, or by a writer other than upsertMedia), with contracts'
 * postHashtags: PostgreSQL's own regular expressions follow the database's locale. Costs one
 * read of an empty partial index (instagram_media_hashtags_pending_idx) when there is nothing to
 * do. Returns how many posts it filled.
 */
export async function fillMediaHashtags(db: Db, scope: Scope): Promise<number> {
  let filled = 0;
  for (;;) {
    const pending = (await db.execute(sql`
      select json_agg(json_build_array(m.ig_media_id, m.caption))::text as rows
      from (select ig_media_id, caption from instagram_media
        where workspace_id = ${scope.workspaceId} and account_id = ${scope.accountId}
          and hashtags is null and caption is not null
        limit ${FILL_BATCH}) m
    `)) as unknown as { rows: Array<{ rows: string | null }> };
    const rows = JSON.parse(pending.rows[0]?.rows ?? "[]") as Array<[string, string]>;
    if (rows.length === 0) return filled;
    const values = rows.map(([id, caption]) => ({ id, tags: postHashtags(caption) }));
    await db.execute(sql`
      update instagram_media m set hashtags = v.tags
      from json_to_recordset(${JSON.stringify(values)}::json) as v(id text, tags text[])
      where m.workspace_id = ${scope.workspaceId} and m.account_id = ${scope.accountId}
        and m.ig_media_id = v.id and m.hashtags is null
    `);
    filled += rows.length;
    if (rows.length < FILL_BATCH) return filled;
  }
}
