import { z } from "zod";
import {
  ANALYTICS_STORIES_DEFAULT_LIMIT,
  ANALYTICS_STORIES_MAX_LIMIT,
  analyticsStorySorts,
} from "./analytics-stories.ts";

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date written as YYYY-MM-DD.")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "That date does not exist.");

/** The Stories tab's list and CSV: sorted, optionally posted within days of the user's calendar. */
export const analyticsStoriesQuerySchema = z
  .object({
    sort: z.enum(analyticsStorySorts).default("posted_at"),
    order: z.enum(["desc", "asc"]).default("desc"),
    from: isoDay.optional(),
    to: isoDay.optional(),
    timezone: z.string().min(1).max(64).optional(),
    limit: z.coerce
      .number()
      .int("The limit is a whole number.")
      .min(1)
      .max(ANALYTICS_STORIES_MAX_LIMIT)
      .default(ANALYTICS_STORIES_DEFAULT_LIMIT),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ["to"],
    message: "The period ends before it starts.",
  });
export type AnalyticsStoriesQuery = z.infer<typeof analyticsStoriesQuerySchema>;

export const analyticsStoryParamSchema = z.object({
  igMediaId: z.string().regex(/^[0-9A-Za-z_]{1,64}$/, "Not a story id."),
});
