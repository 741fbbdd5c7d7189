import type {
  AnalyticsStoriesQuery,
  AnalyticsStoryDetail,
  AnalyticsStoryListItem,
  AnalyticsStoryStatus,
} from "@sightline/contracts";
import {
  type Db,
  findStoredStory,
  listStoredStories,
  listStorySnapshots,
  type StoryRow,
} from "@sightline/db";
import { csvCell } from "../../lib/csv.ts";
import { addDays, dayStart } from "./period.ts";

type Scope = { workspaceId: string; accountId: string };

function statusOf(row: StoryRow, now: Date): AnalyticsStoryStatus {
  if (row.finalSource === "webhook") return "final_webhook";
  if (row.finalSource === "last_read") return "final_last_read";
  return row.expiresAt && row.expiresAt <= now ? "expired" : "live";
}

function toItem(row: StoryRow, now: Date): AnalyticsStoryListItem {
  return {
    id: row.igMediaId,
    postedAt: row.postedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    mediaType: row.mediaType,
    caption: row.caption,
    permalink: row.permalink,
    status: statusOf(row, now),
    reach: row.reach,
    views: row.views,
    replies: row.replies,
    navigation: row.navigation,
    tapsForward: row.tapsForward,
    tapsBack: row.tapsBack,
    exits: row.exits,
    swipesForward: row.swipesForward,
    shares: row.shares,
    follows: row.follows,
    profileVisits: row.profileVisits,
    totalInteractions: row.totalInteractions,
    asOf: row.metricsCapturedAt?.toISOString() ?? null,
  };
}

/** The account's stored stories as the Stories tab lists them (days on the user's calendar). */
export async function listStories(
  db: Db,
  scope: Scope,
  query: Pick<AnalyticsStoriesQuery, "sort" | "order" | "from" | "to" | "limit">,
  timeZone: string,
  now: Date,
): Promise<AnalyticsStoryListItem[]> {
  const rows = await listStoredStories(db, scope, {
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    ...(query.from ? { from: dayStart(query.from, timeZone) } : {}),
    ...(query.to ? { before: dayStart(addDays(query.to, 1), timeZone) } : {}),
  });
  return rows.map((row) => toItem(row, now));
}

/** One story and every read and webhook of its figures, oldest first; undefined if not stored. */
export async function getStoryDetail(
  db: Db,
  scope: Scope,
  igMediaId: string,
  now: Date,
): Promise<AnalyticsStoryDetail | undefined> {
  const row = await findStoredStory(db, scope, igMediaId);
  if (!row) return undefined;
  const snapshots = await listStorySnapshots(db, scope, igMediaId);
  return {
    story: toItem(row, now),
    snapshots: snapshots.map((snapshot) => ({
      capturedAt: snapshot.capturedAt.toISOString(),
      source: snapshot.source === "webhook" ? "webhook" : "read",
      reach: snapshot.reach,
      views: snapshot.views,
      replies: snapshot.replies,
      tapsForward: snapshot.tapsForward,
      tapsBack: snapshot.tapsBack,
      exits: snapshot.exits,
      shares: snapshot.shares,
    })),
  };
}

const statusLabels: Record<AnalyticsStoryStatus, string> = {
  live: "live",
  final_webhook: "final (expiry webhook)",
  final_last_read: "final (last read)",
  expired: "expired",
};

const columns: Array<[string, (story: AnalyticsStoryListItem) => string | number | null]> = [
  ["posted_at", (story) => story.postedAt],
  ["expires_at", (story) => story.expiresAt],
  ["status", (story) => statusLabels[story.status]],
  ["media_type", (story) => story.mediaType],
  ["reach", (story) => story.reach],
  ["views", (story) => story.views],
  ["replies", (story) => story.replies],
  ["taps_forward", (story) => story.tapsForward],
  ["taps_back", (story) => story.tapsBack],
  ["exits", (story) => story.exits],
  ["swipes_forward", (story) => story.swipesForward],
  ["shares", (story) => story.shares],
  ["follows", (story) => story.follows],
  ["profile_visits", (story) => story.profileVisits],
  ["figures_as_of", (story) => story.asOf],
  ["permalink", (story) => story.permalink],
  ["caption", (story) => story.caption],
  ["id", (story) => story.id],
];

/** The Stories tab as CSV, in posts.csv's form (csvCell quotes and defuses formulas). */
export function storiesCsv(stories: AnalyticsStoryListItem[]): string {
  const lines = [columns.map(([name]) => name).join(",")];
  for (const story of stories)
    lines.push(columns.map(([, read]) => csvCell(read(story))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
