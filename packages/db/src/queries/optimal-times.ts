import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instagramOnlineFollowers } from "../schema/index.ts";

type Scope = { workspaceId: string; accountId: string };

/** Online followers per UTC day since `sinceDay` (YYYY-MM-DD). */
export async function listOnlineFollowers(db: Db, scope: Scope, sinceDay: string) {
  return db
    .select({ day: instagramOnlineFollowers.day, hours: instagramOnlineFollowers.hours })
    .from(instagramOnlineFollowers)
    .where(
      and(
        eq(instagramOnlineFollowers.workspaceId, scope.workspaceId),
        eq(instagramOnlineFollowers.accountId, scope.accountId),
        gte(instagramOnlineFollowers.day, sinceDay),
      ),
    );
}

/**
 * The account's posts with their latest reach and interactions snapshot (posts without both
 * are left out: an engagement rate needs both).
 */
export async function listPostEngagement(
  db: Db,
  scope: Scope,
): Promise<
  Array<{
    igMediaId: string;
    mediaType: string;
    mediaProductType: string | null;
    postedAt: Date;
    caption: string | null;
    reach: number;
    interactions: number;
  }>
> {
  // instagram_media's latest_* columns hold each metric's newest snapshot value (kept in step
  // by insertMediaInsights): one table read, not two lookups per post. The rows come back as
  // one JSON array (PGlite hands over one row per post several times slower).
  const result = (await db.execute(sql`
    select json_agg(json_build_array(m.ig_media_id, m.media_type, m.media_product_type,
      m.posted_at, m.caption, m.latest_reach, m.latest_interactions))::text as posts
    from instagram_media m
    where m.workspace_id = ${scope.workspaceId} and m.account_id = ${scope.accountId}
      and m.parent_ig_media_id is null and m.posted_at is not null
      and m.latest_reach is not null and m.latest_interactions is not null
  `)) as unknown as { rows: Array<{ posts: string | null }> };
  const posts = JSON.parse(result.rows[0]?.posts ?? "[]") as Array<
    [string, string, string | null, string, string | null, number, number]
  >;
  return posts.map(
    ([igMediaId, mediaType, mediaProductType, postedAt, caption, reach, interactions]) => ({
      igMediaId,
      mediaType,
      mediaProductType,
      postedAt: new Date(postedAt),
      caption,
      reach: Number(reach),
      interactions: Number(interactions),
    }),
  );
}
