import { and, asc, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  businessDiscoveryCalls,
  type CompetitorRow,
  competitorPosts,
  competitorSnapshots,
  competitors,
} from "../schema/index.ts";

/** Competitors (issue 34, decision 040): every query names the workspace. */

export function listCompetitors(db: Db, workspaceId: string, accountId?: string) {
  return db
    .select()
    .from(competitors)
    .where(
      accountId === undefined
        ? eq(competitors.workspaceId, workspaceId)
        : and(eq(competitors.workspaceId, workspaceId), eq(competitors.accountId, accountId)),
    )
    .orderBy(desc(competitors.isOwn), asc(competitors.createdAt), asc(competitors.username));
}

export async function findCompetitor(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(competitors)
    .where(and(eq(competitors.workspaceId, workspaceId), eq(competitors.id, id)));
  return row;
}

/** Inserts the competitor, or answers undefined when the workspace's account already has it. */
export async function insertCompetitor(
  db: Db,
  row: Pick<typeof competitors.$inferInsert, "workspaceId" | "accountId" | "username" | "isOwn">,
) {
  const [inserted] = await db.insert(competitors).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateCompetitor(
  db: Db,
  workspaceId: string,
  id: string,
  patch: Partial<
    Pick<
      CompetitorRow,
      "instagramId" | "name" | "biography" | "profilePictureUrl" | "lastReadAt" | "lastError"
    >
  >,
) {
  await db
    .update(competitors)
    .set(patch)
    .where(and(eq(competitors.workspaceId, workspaceId), eq(competitors.id, id)));
}

export async function deleteCompetitor(db: Db, workspaceId: string, id: string) {
  const deleted = await db
    .delete(competitors)
    .where(
      and(
        eq(competitors.workspaceId, workspaceId),
        eq(competitors.id, id),
        eq(competitors.isOwn, false),
      ),
    )
    .returning({ id: competitors.id });
  return deleted.length > 0;
}

/** The workspaces that track at least one competitor (the schedule reads each). */
export async function listWorkspacesWithCompetitors(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ workspaceId: competitors.workspaceId })
    .from(competitors)
    .where(eq(competitors.isOwn, false));
  return rows.map((row) => row.workspaceId);
}

/** The day's numbers; a second read on the same UTC day replaces the first. */
export async function upsertCompetitorSnapshot(
  db: Db,
  row: Omit<typeof competitorSnapshots.$inferInsert, "id">,
) {
  await db
    .insert(competitorSnapshots)
    .values(row)
    .onConflictDoUpdate({
      target: [
        competitorSnapshots.workspaceId,
        competitorSnapshots.competitorId,
        competitorSnapshots.day,
      ],
      set: {
        readAt: row.readAt,
        followersCount: row.followersCount ?? null,
        followsCount: row.followsCount ?? null,
        mediaCount: row.mediaCount ?? null,
      },
    });
}

/** Each post with its newest numbers. */
export async function upsertCompetitorPosts(
  db: Db,
  rows: Array<Omit<typeof competitorPosts.$inferInsert, "id">>,
) {
  if (rows.length === 0) return;
  await db
    .insert(competitorPosts)
    .values(rows)
    .onConflictDoUpdate({
      target: [competitorPosts.workspaceId, competitorPosts.competitorId, competitorPosts.mediaId],
      set: {
        caption: sql`excluded.caption`,
        mediaType: sql`excluded.media_type`,
        productType: sql`excluded.product_type`,
        permalink: sql`excluded.permalink`,
        likeCount: sql`excluded.like_count`,
        commentsCount: sql`excluded.comments_count`,
        viewCount: sql`excluded.view_count`,
        readAt: sql`excluded.read_at`,
      },
    });
}

export function listCompetitorSnapshots(
  db: Db,
  workspaceId: string,
  competitorIds: string[],
  sinceDay: string,
) {
  if (competitorIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(competitorSnapshots)
    .where(
      and(
        eq(competitorSnapshots.workspaceId, workspaceId),
        inArray(competitorSnapshots.competitorId, competitorIds),
        gte(competitorSnapshots.day, sinceDay),
      ),
    )
    .orderBy(asc(competitorSnapshots.day));
}

export function listCompetitorPosts(
  db: Db,
  workspaceId: string,
  competitorIds: string[],
  since: Date,
) {
  if (competitorIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(competitorPosts)
    .where(
      and(
        eq(competitorPosts.workspaceId, workspaceId),
        inArray(competitorPosts.competitorId, competitorIds),
        gte(competitorPosts.postedAt, since),
      ),
    )
    .orderBy(desc(competitorPosts.postedAt));
}

export async function insertBusinessDiscoveryCall(
  db: Db,
  row: { workspaceId: string; accountId: string; calledAt: Date },
) {
  await db.insert(businessDiscoveryCalls).values(row);
}

/** Calls made as the account since `since`, by every workspace connected to it. */
export async function countBusinessDiscoveryCalls(db: Db, accountId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(businessDiscoveryCalls)
    .where(
      and(
        eq(businessDiscoveryCalls.accountId, accountId),
        gte(businessDiscoveryCalls.calledAt, since),
      ),
    );
  return row?.n ?? 0;
}
