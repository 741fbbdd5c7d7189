import { z } from "zod";

/** Competitors (issue 34, decision 040): the wire schemas and the numbers the page explains. */

/**
 * Business Discovery calls one Instagram account makes for competitors in a rolling hour.
 * Meta's Platform limit is 200 calls per app user per hour, shared with hashtag search and the
 * app's other calls (Graph API contract §8.4); a daily read of 20 competitors and the account
 * itself takes 21, so this leaves most of the hour to the rest of the app.
 */
export const BUSINESS_DISCOVERY_CALLS_PER_HOUR = 40;

/** Above this share of Meta's app usage (X-App-Usage), reads wait for the next run (Graph API contract §8.5). */
export const BUSINESS_DISCOVERY_USAGE_CEILING = 80;

/** Posts read per competitor at each daily read (one call: `media.limit(50)`). */
export const COMPETITOR_POSTS_PER_READ = 50;

/** The periods the comparison covers, in days. */
export const competitorPeriods = [7, 30, 90] as const;
export type CompetitorPeriod = (typeof competitorPeriods)[number];

export const addCompetitorInputSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, "Enter an Instagram username.")
    .max(31, "An Instagram username is at most 30 characters.")
    .transform((value) => value.replace(/^@/, "").toLowerCase())
    .refine(
      (value) => /^[a-z0-9._]{1,30}$/.test(value),
      "An Instagram username has only letters, digits, dots and underscores.",
    ),
});
export type AddCompetitorInput = z.infer<typeof addCompetitorInputSchema>;

export const competitorsQuerySchema = z.object({
  days: z
    .enum(competitorPeriods.map(String) as [string, ...string[]], {
      message: "The period is 7, 30 or 90 days.",
    })
    .optional(),
});
