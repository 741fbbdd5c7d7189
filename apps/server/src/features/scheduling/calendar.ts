import {
  type PostType,
  publishVideoKind,
  type ScheduledPostStatus,
  zonedParts,
} from "@sightline/contracts";
import type { ScheduledMediaItem } from "@sightline/db";
import { type AudienceSignals, scoreGrid } from "../content-tools/index.ts";

/** One post on the calendar, made here or synced from Instagram. */
export type CalendarEntry = {
  /** The scheduled post's id, or `ig_<media id>` for a post synced from Instagram. */
  id: string;
  source: "scheduled" | "instagram";
  status: ScheduledPostStatus;
  type: PostType;
  /** When it goes out or went out (UTC ISO). */
  time: string;
  time_zone: string | null;
  caption: string;
  /** A stable same-origin URL that redirects to the image, or null when there is none. */
  thumbnail_url: string | null;
  permalink: string | null;
  ig_media_id: string | null;
  media_count: number;
};

/** The calendar shows the start of a caption; the side panel reads the whole draft. */
export const CALENDAR_CAPTION_CHARS = 140;

export function shortCaption(caption: string | null | undefined): string {
  const text = (caption ?? "").trim();
  return text.length > CALENDAR_CAPTION_CHARS
    ? `${text.slice(0, CALENDAR_CAPTION_CHARS - 1).trimEnd()}…`
    : text;
}

/** What a draft goes out as: the publishing rule (a single video is a reel or a video). */
export function scheduledPostType(items: readonly ScheduledMediaItem[]): PostType {
  if (items.length > 1) return "CAROUSEL";
  const only = items[0];
  if (!only || only.mediaType === "image") return "IMAGE";
  return publishVideoKind(only);
}

/** Meta's media_type and media_product_type as the calendar's four types. */
export function syncedPostType(mediaType: string, mediaProductType: string | null): PostType {
  if (mediaType === "CAROUSEL_ALBUM") return "CAROUSEL";
  if (mediaProductType === "REELS") return "REEL";
  return mediaType === "VIDEO" ? "VIDEO" : "IMAGE";
}

/**
 * One list from both sources, by time: a synced post that a scheduled post here became (the
 * scheduled row names its Instagram media id) appears once, as the scheduled post with the
 * synced post's permalink.
 */
export function mergeCalendarEntries(
  scheduled: readonly CalendarEntry[],
  synced: readonly CalendarEntry[],
): CalendarEntry[] {
  const syncedById = new Map(synced.map((entry) => [entry.ig_media_id, entry]));
  const claimed = new Set<string>();
  const own = scheduled.map((entry) => {
    if (!entry.ig_media_id) return entry;
    claimed.add(entry.ig_media_id);
    const twin = syncedById.get(entry.ig_media_id);
    return twin ? { ...entry, permalink: entry.permalink ?? twin.permalink } : entry;
  });
  return [...own, ...synced.filter((entry) => !claimed.has(entry.ig_media_id ?? ""))].sort(
    (a, b) => a.time.localeCompare(b.time) || a.id.localeCompare(b.id),
  );
}

/** Why an hour is favoured, in the account's own figures. */
export type BestTimeHint = {
  /** 0 = Sunday … 6 = Saturday, local to the requested zone. */
  weekday: number;
  hour: number;
  /** The optimal-times score in [0, 1]. */
  score: number;
  /** Followers online at this local weekday and hour, averaged over the days Instagram gave. */
  online_followers: number | null;
  /** The account's posts that went out at this weekday and hour, and their mean engagement. */
  posts: number;
  engagement_rate: number | null;
};

/** Hours shaded per weekday: the best few, and only when they score well. */
const HINTS_PER_WEEKDAY = 3;
const MIN_HINT_SCORE = 0.6;

/**
 * The hours the optimal-times score (the same computation as instagram-optimal-times) favours
 * for each weekday, with the figures behind each so the calendar can say why.
 */
export function bestTimeHints(signals: AudienceSignals, timeZone: string): BestTimeHint[] {
  const grid = scoreGrid(signals, timeZone);
  const online = new Map<string, { sum: number; days: number }>();
  for (const { day, hours } of signals.onlineFollowers) {
    for (const [hourText, value] of Object.entries(hours)) {
      const hour = Number(hourText);
      if (!Number.isInteger(hour) || hour < 0 || hour > 23 || !Number.isFinite(value)) continue;
      const local = zonedParts(
        new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`),
        timeZone,
      );
      const key = `${local.weekday}:${local.hour}`;
      const cell = online.get(key) ?? { sum: 0, days: 0 };
      online.set(key, { sum: cell.sum + value, days: cell.days + 1 });
    }
  }
  const posted = new Map<string, { sum: number; count: number }>();
  for (const post of signals.posts) {
    if (!Number.isFinite(post.engagementRate)) continue;
    const local = zonedParts(post.postedAt, timeZone);
    const key = `${local.weekday}:${local.hour}`;
    const cell = posted.get(key) ?? { sum: 0, count: 0 };
    posted.set(key, { sum: cell.sum + post.engagementRate, count: cell.count + 1 });
  }
  const hints: BestTimeHint[] = [];
  grid.forEach((row, weekday) => {
    const best = row
      .map((score, hour) => ({ score, hour }))
      .filter((cell): cell is { score: number; hour: number } => cell.score !== undefined)
      .filter((cell) => cell.score >= MIN_HINT_SCORE)
      .sort((a, b) => b.score - a.score || a.hour - b.hour)
      .slice(0, HINTS_PER_WEEKDAY);
    for (const { score, hour } of best) {
      const seen = online.get(`${weekday}:${hour}`);
      const past = posted.get(`${weekday}:${hour}`);
      hints.push({
        weekday,
        hour,
        score: Math.round(score * 100) / 100,
        online_followers: seen ? Math.round(seen.sum / seen.days) : null,
        posts: past?.count ?? 0,
        engagement_rate: past ? Math.round((past.sum / past.count) * 10_000) / 10_000 : null,
      });
    }
  });
  return hints.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
}
