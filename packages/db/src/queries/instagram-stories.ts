import { and, asc, desc, eq, gt, gte, isNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instagramStories, instagramStorySnapshots } from "../schema/index.ts";

/*
 * Stories and their insights (decision 039). Every read names the workspace and the account:
 * a story of another workspace, or of an account connected earlier, never shows.
 */

type Scope = { workspaceId: string; accountId: string };

export type StoryRow = typeof instagramStories.$inferSelect;
export type StorySnapshotRow = typeof instagramStorySnapshots.$inferSelect;

export type StoryFigures = {
  reach: number | null;
  views: number | null;
  replies: number | null;
  shares: number | null;
  follows: number | null;
  profileVisits: number | null;
  totalInteractions: number | null;
  navigation: number | null;
  tapsForward: number | null;
  tapsBack: number | null;
  exits: number | null;
  swipesForward: number | null;
};

export type StoryReadInput = {
  igMediaId: string;
  mediaType: string | null;
  caption: string | null;
  permalink: string | null;
  thumbnailUrl: string | null;
  postedAt: Date;
  expiresAt: Date;
  /** Null: Instagram gave no figures (too few viewers); the story is still stored. */
  figures: StoryFigures | null;
};

function scoped(scope: Scope): SQL {
  return and(
    eq(instagramStories.workspaceId, scope.workspaceId),
    eq(instagramStories.accountId, scope.accountId),
  ) as SQL;
}

/**
 * Stores what one hourly read saw: the story's details and its figures, and a snapshot. A story
 * already closed by its webhook keeps the webhook's figures (a read in flight never overwrites
 * the final ones).
 */
export async function storeStoryRead(
  db: Db,
  scope: Scope,
  story: StoryReadInput,
  capturedAt: Date,
): Promise<void> {
  const details = {
    mediaType: story.mediaType,
    caption: story.caption,
    permalink: story.permalink,
    thumbnailUrl: story.thumbnailUrl,
    postedAt: story.postedAt,
    expiresAt: story.expiresAt,
  };
  const figures = story.figures ? { ...story.figures, metricsCapturedAt: capturedAt } : {};
  await db
    .insert(instagramStories)
    .values({ ...scope, igMediaId: story.igMediaId, ...details, ...figures })
    .onConflictDoUpdate({
      target: [
        instagramStories.workspaceId,
        instagramStories.accountId,
        instagramStories.igMediaId,
      ],
      set: details,
    });
  if (!story.figures) return;
  await db
    .update(instagramStories)
    .set(figures)
    .where(
      and(
        scoped(scope),
        eq(instagramStories.igMediaId, story.igMediaId),
        or(isNull(instagramStories.finalSource), ne(instagramStories.finalSource, "webhook")),
      ),
    );
  await db
    .insert(instagramStorySnapshots)
    .values({ ...scope, igMediaId: story.igMediaId, capturedAt, source: "read", ...story.figures })
    .onConflictDoNothing();
}

export type StoryWebhookFigures = {
  impressions: number | null;
  reach: number | null;
  tapsForward: number | null;
  tapsBack: number | null;
  exits: number | null;
  replies: number | null;
};

/**
 * A `story_insights` delivery: the story's final figures, applied once. A duplicate (same time)
 * adds no snapshot and writes the same values; an older delivery arriving after a newer one
 * changes nothing. The figures the webhook does not carry (views, shares, follows, profile
 * visits) stay as the last read saw them. Answers whether the story's row changed.
 */
export async function applyStoryInsightsWebhook(
  db: Db,
  scope: Scope,
  igMediaId: string,
  at: Date,
  figures: StoryWebhookFigures,
): Promise<boolean> {
  const { impressions, ...final } = figures;
  await db
    .insert(instagramStorySnapshots)
    .values({ ...scope, igMediaId, capturedAt: at, source: "webhook", impressions, ...final })
    .onConflictDoNothing();
  const changed = await db
    .insert(instagramStories)
    .values({
      ...scope,
      igMediaId,
      ...final,
      metricsCapturedAt: at,
      finalSource: "webhook",
      finalAt: at,
    })
    .onConflictDoUpdate({
      target: [
        instagramStories.workspaceId,
        instagramStories.accountId,
        instagramStories.igMediaId,
      ],
      set: { ...final, metricsCapturedAt: at, finalSource: "webhook", finalAt: at },
      setWhere: or(
        isNull(instagramStories.finalSource),
        ne(instagramStories.finalSource, "webhook"),
        lte(instagramStories.finalAt, at),
      ),
    })
    .returning({ id: instagramStories.id });
  return changed.length > 0;
}

/**
 * Stories whose 24 h have passed and that no webhook closed: their last read's figures become
 * their final ones (Instagram Login has no `story_insights` webhook). Returns how many.
 */
export async function closeExpiredStories(db: Db, scope: Scope, now: Date): Promise<number> {
  const closed = await db
    .update(instagramStories)
    .set({ finalSource: "last_read", finalAt: sql`${instagramStories.metricsCapturedAt}` })
    .where(
      and(
        scoped(scope),
        isNull(instagramStories.finalSource),
        lte(instagramStories.expiresAt, now),
      ),
    )
    .returning({ id: instagramStories.id });
  return closed.length;
}

export type StorySort =
  | "posted_at"
  | "reach"
  | "views"
  | "replies"
  | "taps_forward"
  | "taps_back"
  | "exits"
  | "shares"
  | "follows"
  | "profile_visits";

const sortColumns = {
  posted_at: instagramStories.postedAt,
  reach: instagramStories.reach,
  views: instagramStories.views,
  replies: instagramStories.replies,
  taps_forward: instagramStories.tapsForward,
  taps_back: instagramStories.tapsBack,
  exits: instagramStories.exits,
  shares: instagramStories.shares,
  follows: instagramStories.follows,
  profile_visits: instagramStories.profileVisits,
} as const;

/** The account's stories, posted from `from` (if given) before `before`, sorted; at most `limit`. */
export async function listStoredStories(
  db: Db,
  scope: Scope,
  options: { sort: StorySort; order: "asc" | "desc"; from?: Date; before?: Date; limit: number },
): Promise<StoryRow[]> {
  const column = sortColumns[options.sort];
  const conditions: SQL[] = [scoped(scope)];
  if (options.from) conditions.push(gte(instagramStories.postedAt, options.from));
  if (options.before) conditions.push(lt(instagramStories.postedAt, options.before));
  const direction = options.order === "asc" ? asc : desc;
  return db
    .select()
    .from(instagramStories)
    .where(and(...conditions))
    .orderBy(
      options.order === "asc" ? sql`${column} asc nulls last` : sql`${column} desc nulls last`,
      direction(instagramStories.igMediaId),
    )
    .limit(options.limit);
}

export async function findStoredStory(
  db: Db,
  scope: Scope,
  igMediaId: string,
): Promise<StoryRow | undefined> {
  const [row] = await db
    .select()
    .from(instagramStories)
    .where(and(scoped(scope), eq(instagramStories.igMediaId, igMediaId)))
    .limit(1);
  return row;
}

export async function listStorySnapshots(
  db: Db,
  scope: Scope,
  igMediaId: string,
): Promise<StorySnapshotRow[]> {
  return db
    .select()
    .from(instagramStorySnapshots)
    .where(
      and(
        eq(instagramStorySnapshots.workspaceId, scope.workspaceId),
        eq(instagramStorySnapshots.accountId, scope.accountId),
        eq(instagramStorySnapshots.igMediaId, igMediaId),
      ),
    )
    .orderBy(asc(instagramStorySnapshots.capturedAt))
    .limit(500);
}

/** Stories of the account still live at `now` (the hourly read schedules their last read). */
export async function listLiveStories(db: Db, scope: Scope, now: Date): Promise<StoryRow[]> {
  return db
    .select()
    .from(instagramStories)
    .where(
      and(scoped(scope), isNull(instagramStories.finalSource), gt(instagramStories.expiresAt, now)),
    )
    .limit(200);
}
