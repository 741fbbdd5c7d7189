/** Issue 16: the longest custom period (two years of stored daily snapshots). */
export const ANALYTICS_MAX_DAYS = 730;
export const analyticsPresetDays = ["7", "28", "90"] as const;
export const ANALYTICS_CAPTION_SEARCH_MAX = 100;
export const ANALYTICS_POSTS_DEFAULT_LIMIT = 50;
export const ANALYTICS_POSTS_MAX_LIMIT = 100;

export const analyticsPostSorts = [
  "posted_at",
  "reach",
  "views",
  "likes",
  "comments",
  "saves",
  "shares",
  "engagement",
] as const;
export type AnalyticsPostSort = (typeof analyticsPostSorts)[number];

/** The filter's values: Meta's media_type, or media_product_type for reels and stories. */
export const analyticsPostTypes = ["IMAGE", "CAROUSEL_ALBUM", "REELS", "VIDEO", "STORY"] as const;
export type AnalyticsPostType = (typeof analyticsPostTypes)[number];

export const analyticsPostTypeLabels = {
  IMAGE: "Image",
  CAROUSEL_ALBUM: "Carousel",
  REELS: "Reel",
  VIDEO: "Video",
  STORY: "Story",
} as const satisfies Record<AnalyticsPostType, string>;
export type AnalyticsPostTypeLabel = (typeof analyticsPostTypeLabels)[AnalyticsPostType];

/**
 * The one place a synced row's media_type and media_product_type become a type: the first rule
 * whose column holds its value decides, else IMAGE. A table, so a database query can classify
 * by the same rules (packages/db's mediaTypeSql) instead of a copy of them.
 */
export const analyticsPostTypeRules = [
  { column: "mediaProductType", equals: "STORY", type: "STORY" },
  { column: "mediaProductType", equals: "REELS", type: "REELS" },
  { column: "mediaType", equals: "CAROUSEL_ALBUM", type: "CAROUSEL_ALBUM" },
  { column: "mediaType", equals: "VIDEO", type: "VIDEO" },
] as const satisfies ReadonlyArray<{
  column: "mediaType" | "mediaProductType";
  equals: string;
  type: AnalyticsPostType;
}>;
export const analyticsPostTypeFallback: AnalyticsPostType = "IMAGE";

export function analyticsPostType(media: {
  mediaType: string;
  mediaProductType: string | null;
}): AnalyticsPostType {
  for (const rule of analyticsPostTypeRules) {
    if (media[rule.column] === rule.equals) return rule.type;
  }
  return analyticsPostTypeFallback;
}

/** A figure that is not available: null, with the reason shown next to it. */
export type AnalyticsSeriesPoint = { day: string; value: number | null };

export interface AnalyticsKpi {
  /** What the card says the figure is: "Reach", or "Average daily reach" when it is that. */
  label: string;
  /**
   * How the period's figure was made (contracts/account-metrics.ts): "sum" of the days (events),
   * "period" (Instagram's own figure for exactly these days: unique people), or "daily-average"
   * (unique people where Instagram gives no figure for the period).
   */
  basis: "sum" | "period" | "daily-average";
  value: number | null;
  previous: number | null;
  /** Percent change from the previous period; null unless both periods are fully stored. */
  changePct: number | null;
  /** Days of each period with a stored value (the sums cover only these). */
  storedDays: number;
  previousStoredDays: number;
  series: AnalyticsSeriesPoint[];
  /** Why value is null, when it is. */
  reason?: string;
  /** Why changePct is null although value is not. */
  changeReason?: string;
  /** What the figure covers, for the per-period and daily-average figures. */
  note?: string;
  /** When the figure was read from Instagram (the newest read among its days), ISO. */
  asOf: string | null;
}

export interface AnalyticsPostSummary {
  id: string;
  type: AnalyticsPostType;
  typeLabel: AnalyticsPostTypeLabel;
  postedAt: string | null;
  caption: string | null;
  reach: number | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  /** interactions ÷ reach of the post, a ratio (0.042 = 4.2 %); null without both. */
  engagementRate: number | null;
  /** When these figures were read from Instagram (the newest snapshot), ISO; null: never. */
  metricsAsOf: string | null;
}

export interface AnalyticsPostListItem extends AnalyticsPostSummary {
  saves: number | null;
  shares: number | null;
  permalink: string | null;
}
