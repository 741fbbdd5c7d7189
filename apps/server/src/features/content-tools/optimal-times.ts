import { addDays, weekdayOf, zonedParts, zonedTimeToInstant } from "@sightline/contracts";
import { type OnlineFollowersDay, onlineFollowersGrid } from "./online-followers-grid.ts";

/** What the account's own data says about each local weekday and hour. */
export type AudienceSignals = {
  /** Followers online per UTC day (Instagram's `online_followers`: UTC hour "0"–"23" → count). */
  onlineFollowers: OnlineFollowersDay[];
  /** The account's posts: when they went out and how they did (engagement = interactions ÷ reach). */
  posts: Array<{ postedAt: Date; engagementRate: number }>;
};

/**
 * The posts part of AudienceSignals from the stored per-post figures: a post with no reach says
 * nothing about engagement and is left out.
 */
export function postEngagementSamples(
  posts: ReadonlyArray<{ postedAt: Date; interactions: number; reach: number }>,
): AudienceSignals["posts"] {
  return posts
    .filter((post) => post.reach > 0)
    .map((post) => ({ postedAt: post.postedAt, engagementRate: post.interactions / post.reach }));
}

export type OptimalTimesRequest = {
  /** YYYY-MM-DD in `timezone`: the first day a slot may fall on. */
  startDate: string;
  count: number;
  /** At most this many slots in one week (Monday–Sunday). */
  daysPerWeek: number;
  /** 0 = Sunday … 6 = Saturday. */
  allowedWeekdays: number[];
  /** Local hours, both ends included. */
  hourWindow: { from: number; to: number };
  timezone: string;
};

export type Slot = { iso: string; weekday: number; hour: number; score: number };

/** How far ahead slots are looked for: never a slot months away presented as "optimal". */
const HORIZON_DAYS = 56;
/** Online followers say when people are there; engagement says when they react. */
const ONLINE_WEIGHT = 0.6;
const ENGAGEMENT_WEIGHT = 0.4;
/** Posts in an hour before its own average counts fully (fewer lean on the overall mean). */
const ENGAGEMENT_PRIOR_POSTS = 3;

type Grid = Array<Array<number | undefined>>;

function emptyGrid(): Grid {
  return Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => undefined));
}

/**
 * A score in [0, 1] per local weekday and hour, from online followers (averaged per local
 * weekday and hour) and the engagement of the account's posts there (shrunk towards the
 * account's mean when few posts went out at that hour). Undefined where neither says anything.
 */
export function scoreGrid(signals: AudienceSignals, timeZone: string): Grid {
  const engagementSum = emptyGrid();
  const engagementCount = emptyGrid();
  let total = 0;
  for (const post of signals.posts) {
    if (!Number.isFinite(post.engagementRate)) continue;
    const local = zonedParts(post.postedAt, timeZone);
    engagementSum[local.weekday]![local.hour] =
      (engagementSum[local.weekday]![local.hour] ?? 0) + post.engagementRate;
    engagementCount[local.weekday]![local.hour] =
      (engagementCount[local.weekday]![local.hour] ?? 0) + 1;
    total += post.engagementRate;
  }
  const meanEngagement = signals.posts.length > 0 ? total / signals.posts.length : undefined;

  const onlineAverages = onlineFollowersGrid(signals.onlineFollowers, timeZone);
  const engagement = engagementSum.map((row, weekday) =>
    row.map((sum, hour) => {
      if (meanEngagement === undefined) return undefined;
      const n = engagementCount[weekday]![hour] ?? 0;
      return ((sum ?? 0) + ENGAGEMENT_PRIOR_POSTS * meanEngagement) / (n + ENGAGEMENT_PRIOR_POSTS);
    }),
  );
  const onlineNorm = normalise(onlineAverages);
  const engagementNorm = normalise(engagement);
  return onlineNorm.map((row, weekday) =>
    row.map((value, hour) => {
      const other = engagementNorm[weekday]![hour];
      if (value === undefined && other === undefined) return undefined;
      if (value === undefined) return other;
      if (other === undefined) return value;
      return ONLINE_WEIGHT * value + ENGAGEMENT_WEIGHT * other;
    }),
  );
}

function normalise(grid: Grid): Grid {
  const values = grid.flat().filter((value): value is number => value !== undefined);
  if (values.length === 0) return grid;
  const min = Math.min(...values);
  const max = Math.max(...values);
  return grid.map((row) =>
    row.map((value) =>
      value === undefined ? undefined : max === min ? 1 : (value - min) / (max - min),
    ),
  );
}

/** Monday of the week a date falls in (weeks run Monday–Sunday). */
function weekOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/**
 * The best upcoming slots under every constraint: on or after the start date and in the future,
 * on allowed weekdays, inside the hour window, one per day, at most `daysPerWeek` per week,
 * the best days of each week first. With no data for an hour, that hour is never offered;
 * with no data at all, no slot (never a made-up one).
 */
export function optimalTimes(
  request: OptimalTimesRequest,
  signals: AudienceSignals,
  now: Date,
): Slot[] {
  const grid = scoreGrid(signals, request.timezone);
  const allowed = new Set(request.allowedWeekdays);
  const today = zonedParts(now, request.timezone).date;
  const first = request.startDate > today ? request.startDate : today;
  const candidates: Array<Slot & { date: string; week: string }> = [];
  for (let offset = 0; offset < HORIZON_DAYS; offset++) {
    const date = addDays(first, offset);
    const weekday = weekdayOf(date);
    if (!allowed.has(weekday)) continue;
    let best: (Slot & { date: string; week: string }) | undefined;
    for (let hour = request.hourWindow.from; hour <= request.hourWindow.to; hour++) {
      const score = grid[weekday]![hour];
      if (score === undefined) continue;
      const instant = zonedTimeToInstant(date, hour, 0, request.timezone);
      // Skipped by a spring-forward, or already past.
      if (zonedParts(instant, request.timezone).hour !== hour || instant <= now) continue;
      if (!best || score > best.score) {
        best = { iso: instant.toISOString(), weekday, hour, score, date, week: weekOf(date) };
      }
    }
    if (best) candidates.push(best);
  }
  const byWeek = new Map<string, typeof candidates>();
  for (const candidate of candidates) {
    byWeek.set(candidate.week, [...(byWeek.get(candidate.week) ?? []), candidate]);
  }
  const chosen: Slot[] = [];
  for (const week of [...byWeek.keys()].sort()) {
    const best = byWeek
      .get(week)!
      .sort((a, b) => b.score - a.score || a.iso.localeCompare(b.iso))
      .slice(0, request.daysPerWeek);
    chosen.push(...best.map(({ iso, weekday, hour, score }) => ({ iso, weekday, hour, score })));
  }
  return chosen.sort((a, b) => a.iso.localeCompare(b.iso)).slice(0, request.count);
}
