// Post Performance's Stories tab (decision 039): values and types only, so the web app reads
// them without loading Zod (the request schema is in analytics-stories-schemas.ts).

/** Most stories one list or CSV answers (a year of several stories a day). */
export const ANALYTICS_STORIES_MAX_LIMIT = 2_000;
export const ANALYTICS_STORIES_DEFAULT_LIMIT = 500;

export const analyticsStorySorts = [
  "posted_at",
  "reach",
  "views",
  "replies",
  "taps_forward",
  "taps_back",
  "exits",
  "shares",
  "follows",
  "profile_visits",
] as const;
export type AnalyticsStorySort = (typeof analyticsStorySorts)[number];

/**
 * Where a story's figures stand: "live" while Instagram still shows it (read each hour);
 * "final_webhook" after its expiry webhook gave the final figures (Facebook Login);
 * "final_last_read" after it expired with the last read before its end as the final figures.
 */
export type AnalyticsStoryStatus = "live" | "final_webhook" | "final_last_read" | "expired";

/** One story with its figures as Instagram answered them; null where it gave none. */
export interface AnalyticsStoryListItem {
  id: string;
  postedAt: string | null;
  expiresAt: string | null;
  mediaType: string | null;
  caption: string | null;
  permalink: string | null;
  status: AnalyticsStoryStatus;
  reach: number | null;
  views: number | null;
  replies: number | null;
  /** `navigation`'s total and its parts (taps forward and back, exits, swipes forward). */
  navigation: number | null;
  tapsForward: number | null;
  tapsBack: number | null;
  exits: number | null;
  swipesForward: number | null;
  shares: number | null;
  follows: number | null;
  profileVisits: number | null;
  totalInteractions: number | null;
  /** When the figures were read (or the webhook's time); null: never read. */
  asOf: string | null;
}

export interface AnalyticsStorySnapshot {
  capturedAt: string;
  source: "read" | "webhook";
  reach: number | null;
  views: number | null;
  replies: number | null;
  tapsForward: number | null;
  tapsBack: number | null;
  exits: number | null;
  shares: number | null;
}

export interface AnalyticsStoryDetail {
  story: AnalyticsStoryListItem;
  snapshots: AnalyticsStorySnapshot[];
}
