import { z } from "zod";

/** Issue 16: the longest custom period (two years of stored daily snapshots). */
export const ANALYTICS_MAX_DAYS = 730;
export const analyticsPresetDays = ["7", "28", "90"] as const;
export const ANALYTICS_CAPTION_SEARCH_MAX = 100;
export const ANALYTICS_POSTS_DEFAULT_LIMIT = 50;
export const ANALYTICS_POSTS_MAX_LIMIT = 100;

const DAY_MS = 86_400_000;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date written as YYYY-MM-DD.")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "That date does not exist.");

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The user's IANA time zone: which calendar the days are counted on (default: the profile's). */
const timezone = z.string().min(1).max(64).optional();

/** A period is either a preset length or a custom from/to (both inclusive), never both. */
export const analyticsPeriodQuerySchema = z
  .object({
    days: z.enum(analyticsPresetDays).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    timezone,
  })
  .superRefine((value, ctx) => {
    const custom = value.from !== undefined || value.to !== undefined;
    if (custom && value.days !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["days"],
        message: "Choose days or from/to, not both.",
      });
      return;
    }
    if (!custom) return;
    if (value.from === undefined || value.to === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [value.from === undefined ? "from" : "to"],
        message: "A custom period needs both from and to.",
      });
      return;
    }
    const days = daysBetween(value.from, value.to);
    if (days < 1) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The period ends before it starts." });
    } else if (days > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `A period can be at most ${ANALYTICS_MAX_DAYS} days long.`,
      });
    }
  });
export type AnalyticsPeriodQuery = z.infer<typeof analyticsPeriodQuerySchema>;

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

/** The one place a synced row's media_type and media_product_type become a type. */
export function analyticsPostType(media: {
  mediaType: string;
  mediaProductType: string | null;
}): AnalyticsPostType {
  if (media.mediaProductType === "STORY") return "STORY";
  if (media.mediaProductType === "REELS") return "REELS";
  if (media.mediaType === "CAROUSEL_ALBUM") return "CAROUSEL_ALBUM";
  if (media.mediaType === "VIDEO") return "VIDEO";
  return "IMAGE";
}

export const analyticsPostsQuerySchema = z
  .object({
    sort: z.enum(analyticsPostSorts).default("posted_at"),
    order: z.enum(["desc", "asc"]).default("desc"),
    type: z.enum(analyticsPostTypes).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    q: z
      .string()
      .trim()
      .max(
        ANALYTICS_CAPTION_SEARCH_MAX,
        `Search with at most ${ANALYTICS_CAPTION_SEARCH_MAX} characters.`,
      )
      .optional(),
    cursor: z.string().max(500).optional(),
    timezone,
    limit: z.coerce
      .number()
      .int("The limit is a whole number.")
      .min(1)
      .max(ANALYTICS_POSTS_MAX_LIMIT)
      .default(ANALYTICS_POSTS_DEFAULT_LIMIT),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ["to"],
    message: "The period ends before it starts.",
  });
export type AnalyticsPostsQuery = z.infer<typeof analyticsPostsQuerySchema>;

export const analyticsPostParamSchema = z.object({
  igMediaId: z.string().regex(/^[0-9A-Za-z_]{1,64}$/, "Not a post id."),
});

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

/** Post Performance's benchmarks: an optional posting period (days inclusive). */
export const analyticsBenchmarksQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional(), timezone })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ["to"],
    message: "The period ends before it starts.",
  });
