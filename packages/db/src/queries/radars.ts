import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  hashtagLookups,
  instagramMedia,
  pressKeywords,
  pressMentions,
  pressSources,
  trendHashtags,
  trendSamples,
} from "../schema/index.ts";

export type PressSourceRow = typeof pressSources.$inferSelect;
export type PressKeywordRow = typeof pressKeywords.$inferSelect;
export type PressMentionRow = typeof pressMentions.$inferSelect;
export type TrendHashtagRow = typeof trendHashtags.$inferSelect;
export type TrendSampleRow = typeof trendSamples.$inferSelect;

/** The radars' tables whose rows belong to one user and are addressed by id. */
type OwnedTable = typeof pressSources | typeof pressKeywords | typeof trendHashtags;

/** The one row `id` of the user's own (another user's id matches nothing: a 404). */
function ownRow(table: OwnedTable, workspaceId: string, id: string) {
  return and(eq(table.workspaceId, workspaceId), eq(table.id, id));
}

async function countOwn(db: Db, table: OwnedTable, workspaceId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(eq(table.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/** Answers whether the user had such a row. */
async function deleteOwn(db: Db, table: OwnedTable, workspaceId: string, id: string) {
  const rows = await db
    .delete(table)
    .where(ownRow(table, workspaceId, id))
    .returning({ id: table.id });
  return rows.length > 0;
}

// ---- Press Radar: sources ----

export function listPressSources(db: Db, workspaceId: string) {
  return db
    .select()
    .from(pressSources)
    .where(eq(pressSources.workspaceId, workspaceId))
    .orderBy(asc(pressSources.createdAt));
}

export async function findPressSource(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(pressSources)
    .where(ownRow(pressSources, workspaceId, id));
  return row;
}

export async function countPressSources(db: Db, workspaceId: string) {
  return countOwn(db, pressSources, workspaceId);
}

/** Answers undefined when the user already has this URL. */
export async function insertPressSource(
  db: Db,
  row: Pick<typeof pressSources.$inferInsert, "workspaceId" | "url" | "title">,
) {
  const [inserted] = await db.insert(pressSources).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updatePressSource(
  db: Db,
  workspaceId: string,
  id: string,
  patch: Partial<
    Pick<
      PressSourceRow,
      "isMuted" | "etag" | "lastModified" | "lastFetchedAt" | "lastError" | "title"
    >
  >,
) {
  const [row] = await db
    .update(pressSources)
    .set(patch)
    .where(ownRow(pressSources, workspaceId, id))
    .returning();
  return row;
}

/** Forget the validators so the next fetch reads every item again (a new keyword). */
export async function clearPressSourceValidators(db: Db, workspaceId: string) {
  await db
    .update(pressSources)
    .set({ etag: null, lastModified: null })
    .where(eq(pressSources.workspaceId, workspaceId));
}

export async function deletePressSource(db: Db, workspaceId: string, id: string) {
  return deleteOwn(db, pressSources, workspaceId, id);
}

/** Users with at least one source that is not muted (the schedule's work list). */
export async function listUsersWithActivePressSources(db: Db) {
  const rows = await db
    .selectDistinct({ workspaceId: pressSources.workspaceId })
    .from(pressSources)
    .where(eq(pressSources.isMuted, false));
  return rows.map((row) => row.workspaceId);
}

// ---- Press Radar: keywords ----

export function listPressKeywords(db: Db, workspaceId: string) {
  return db
    .select()
    .from(pressKeywords)
    .where(eq(pressKeywords.workspaceId, workspaceId))
    .orderBy(asc(pressKeywords.createdAt));
}

export async function countPressKeywords(db: Db, workspaceId: string) {
  return countOwn(db, pressKeywords, workspaceId);
}

/** Answers undefined when the user already has this term (in any letter case). */
export async function insertPressKeyword(
  db: Db,
  row: Pick<typeof pressKeywords.$inferInsert, "workspaceId" | "term" | "exclusions">,
) {
  const [inserted] = await db.insert(pressKeywords).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updatePressKeyword(
  db: Db,
  workspaceId: string,
  id: string,
  patch: Pick<PressKeywordRow, "term" | "exclusions">,
) {
  const [row] = await db
    .update(pressKeywords)
    .set(patch)
    .where(ownRow(pressKeywords, workspaceId, id))
    .returning();
  return row;
}

export async function deletePressKeyword(db: Db, workspaceId: string, id: string) {
  return deleteOwn(db, pressKeywords, workspaceId, id);
}

// ---- Press Radar: mentions ----

/** Stores mentions not seen before (by user and item key); answers how many were new. */
/** Stores mentions (one per workspace and item); answers the ones that were new. */
export async function insertPressMentions(db: Db, rows: Array<typeof pressMentions.$inferInsert>) {
  if (rows.length === 0) return [];
  return db.insert(pressMentions).values(rows).onConflictDoNothing().returning({
    id: pressMentions.id,
    title: pressMentions.title,
    link: pressMentions.link,
    matchedTerms: pressMentions.matchedTerms,
    publishedAt: pressMentions.publishedAt,
  });
}

export async function listPressMentions(
  db: Db,
  params: {
    workspaceId: string;
    sourceId?: string | undefined;
    keywordId?: string | undefined;
    sentiment?: "positive" | "neutral" | "negative" | undefined;
    after?: { publishedAt: Date; id: string } | undefined;
    limit: number;
  },
) {
  const conditions = [
    eq(pressMentions.workspaceId, params.workspaceId),
    // A muted source's mentions stay stored but out of the list (and the dot).
    eq(pressSources.isMuted, false),
  ];
  if (params.sourceId) conditions.push(eq(pressMentions.sourceId, params.sourceId));
  if (params.keywordId) {
    conditions.push(sql`${pressMentions.keywordIds} @> array[${params.keywordId}]::uuid[]`);
  }
  if (params.sentiment) conditions.push(eq(pressMentions.sentiment, params.sentiment));
  if (params.after) {
    conditions.push(
      or(
        lt(pressMentions.publishedAt, params.after.publishedAt),
        and(
          eq(pressMentions.publishedAt, params.after.publishedAt),
          lt(pressMentions.id, params.after.id),
        ),
      )!,
    );
  }
  return db
    .select({
      mention: pressMentions,
      sourceTitle: pressSources.title,
    })
    .from(pressMentions)
    .innerJoin(
      pressSources,
      and(
        eq(pressSources.id, pressMentions.sourceId),
        eq(pressSources.workspaceId, params.workspaceId),
      ),
    )
    .where(and(...conditions))
    .orderBy(desc(pressMentions.publishedAt), desc(pressMentions.id))
    .limit(params.limit);
}

export async function countUnseenPressMentions(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(pressMentions)
    .innerJoin(pressSources, eq(pressSources.id, pressMentions.sourceId))
    .where(
      and(
        eq(pressMentions.workspaceId, workspaceId),
        isNull(pressMentions.seenAt),
        eq(pressSources.isMuted, false),
      ),
    );
  return row?.n ?? 0;
}

/** Marks the user's unseen mentions (or only `ids`) seen; answers how many changed. */
export async function markPressMentionsSeen(
  db: Db,
  params: { workspaceId: string; ids?: string[] | undefined; at: Date },
) {
  const conditions = [
    eq(pressMentions.workspaceId, params.workspaceId),
    isNull(pressMentions.seenAt),
  ];
  if (params.ids) {
    if (params.ids.length === 0) return 0;
    conditions.push(inArray(pressMentions.id, params.ids));
  }
  const rows = await db
    .update(pressMentions)
    .set({ seenAt: params.at })
    .where(and(...conditions))
    .returning({ id: pressMentions.id });
  return rows.length;
}

// ---- Trend Radar ----

export function listTrendHashtags(db: Db, workspaceId: string) {
  return db
    .select()
    .from(trendHashtags)
    .where(eq(trendHashtags.workspaceId, workspaceId))
    .orderBy(asc(trendHashtags.createdAt));
}

export async function findTrendHashtag(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(trendHashtags)
    .where(ownRow(trendHashtags, workspaceId, id));
  return row;
}

export async function countTrendHashtags(db: Db, workspaceId: string) {
  return countOwn(db, trendHashtags, workspaceId);
}

export async function insertTrendHashtag(
  db: Db,
  row: Pick<
    typeof trendHashtags.$inferInsert,
    "workspaceId" | "name" | "accountId" | "instagramHashtagId"
  >,
) {
  const [inserted] = await db.insert(trendHashtags).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateTrendHashtag(
  db: Db,
  workspaceId: string,
  id: string,
  patch: Partial<Pick<TrendHashtagRow, "lastSampledAt" | "lastError">>,
) {
  await db
    .update(trendHashtags)
    .set(patch)
    .where(ownRow(trendHashtags, workspaceId, id));
}

export async function deleteTrendHashtag(db: Db, workspaceId: string, id: string) {
  return deleteOwn(db, trendHashtags, workspaceId, id);
}

export async function listUsersWithTrendHashtags(db: Db) {
  const rows = await db
    .selectDistinct({ workspaceId: trendHashtags.workspaceId })
    .from(trendHashtags);
  return rows.map((row) => row.workspaceId);
}

/**
 * The look-ups of one Instagram account since `since`, oldest first, whichever Sightline user
 * made them: Instagram counts its 30 per account, and whoever holds the account's token can read
 * the same list from Instagram (`recently_searched_hashtags`).
 */
export function listHashtagLookups(db: Db, params: { accountId: string; since: Date }) {
  return db
    .select({ name: hashtagLookups.name, lookedUpAt: hashtagLookups.lookedUpAt })
    .from(hashtagLookups)
    .where(
      and(
        eq(hashtagLookups.accountId, params.accountId),
        gt(hashtagLookups.lookedUpAt, params.since),
      ),
    )
    .orderBy(asc(hashtagLookups.lookedUpAt));
}

export async function insertHashtagLookup(
  db: Db,
  row: Pick<
    typeof hashtagLookups.$inferInsert,
    "workspaceId" | "accountId" | "name" | "lookedUpAt"
  >,
) {
  await db.insert(hashtagLookups).values(row);
}

export async function insertTrendSample(db: Db, row: typeof trendSamples.$inferInsert) {
  await db.insert(trendSamples).values(row);
}

/** The newest two samples of each of the user's hashtags. */
export async function listLatestTrendSamples(db: Db, workspaceId: string) {
  return db
    .select()
    .from(trendSamples)
    .where(eq(trendSamples.workspaceId, workspaceId))
    .orderBy(desc(trendSamples.sampledAt))
    .limit(500);
}

/** The account's own posts (not carousel children) by engagement, best first. */
export function listBestPostsByEngagement(
  db: Db,
  params: { workspaceId: string; accountId: string; limit: number },
) {
  const engagement = sql<number>`coalesce(${instagramMedia.likeCount}, 0) + coalesce(${instagramMedia.commentsCount}, 0)`;
  return db
    .select({ caption: instagramMedia.caption, engagement })
    .from(instagramMedia)
    .where(
      and(
        eq(instagramMedia.workspaceId, params.workspaceId),
        eq(instagramMedia.accountId, params.accountId),
        isNull(instagramMedia.parentIgMediaId),
      ),
    )
    .orderBy(desc(engagement))
    .limit(params.limit);
}

export async function countPostsOfAccount(
  db: Db,
  params: { workspaceId: string; accountId: string },
) {
  const [row] = await db
    .select({ n: count() })
    .from(instagramMedia)
    .where(
      and(
        eq(instagramMedia.workspaceId, params.workspaceId),
        eq(instagramMedia.accountId, params.accountId),
        isNull(instagramMedia.parentIgMediaId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A member keeps this hashtag or keyword active on a plan that allows fewer than the workspace
 * has (issue 30 point 6): the most recently kept come first. False when there is no such row.
 */
export async function keepRadarItem(
  db: Db,
  kind: "hashtag" | "keyword",
  workspaceId: string,
  id: string,
  at: Date,
): Promise<boolean> {
  const table = kind === "hashtag" ? trendHashtags : pressKeywords;
  const rows = await db
    .update(table)
    .set({ keptAt: at })
    .where(and(eq(table.workspaceId, workspaceId), eq(table.id, id)))
    .returning({ id: table.id });
  return rows.length > 0;
}
