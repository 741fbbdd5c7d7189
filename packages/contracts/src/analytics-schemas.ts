import { z } from "zod";
import {
  ANALYTICS_CAPTION_SEARCH_MAX,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_POSTS_DEFAULT_LIMIT,
  ANALYTICS_POSTS_MAX_LIMIT,
  analyticsPostSorts,
  analyticsPostTypes,
  analyticsPresetDays,
} from "./analytics.ts";

// The analytics routes' request schemas, apart from analytics.ts's values and types: the web
// app reads those on its first page and need not load Zod for them (issue 27 point 3).

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

/** Post Performance's benchmarks: an optional posting period (days inclusive). */
export const analyticsBenchmarksQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional(), timezone })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ["to"],
    message: "The period ends before it starts.",
  });
