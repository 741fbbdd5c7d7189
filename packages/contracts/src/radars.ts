import { z } from "zod";

/** Press Radar and Trend Radar wire schemas (issue 17). */

export const MAX_FEED_URL_LENGTH = 2048;
export const MAX_KEYWORD_LENGTH = 80;
export const MAX_KEYWORD_EXCLUSIONS = 10;
export const MAX_PRESS_SOURCES = 50;

export const mentionSentiments = ["positive", "neutral", "negative"] as const;
export type MentionSentiment = (typeof mentionSentiments)[number];

export const addPressSourceInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter the address of an RSS or Atom feed.")
    .max(MAX_FEED_URL_LENGTH, `A feed address is at most ${MAX_FEED_URL_LENGTH} characters.`),
});
export type AddPressSourceInput = z.infer<typeof addPressSourceInputSchema>;

export const updatePressSourceInputSchema = z.object({ isMuted: z.boolean() });

const keywordTerm = z
  .string()
  .trim()
  .min(2, "A keyword has at least 2 characters.")
  .max(MAX_KEYWORD_LENGTH, `A keyword is at most ${MAX_KEYWORD_LENGTH} characters.`)
  .refine((value) => /[\p{L}\p{N}]/u.test(value), "A keyword needs at least one letter or digit.");

export const pressKeywordInputSchema = z.object({
  term: keywordTerm,
  exclusions: z
    .array(keywordTerm)
    .max(MAX_KEYWORD_EXCLUSIONS, `At most ${MAX_KEYWORD_EXCLUSIONS} exclusions per keyword.`)
    .default([]),
});
export type PressKeywordInput = z.infer<typeof pressKeywordInputSchema>;

export const listMentionsQuerySchema = z.object({
  sourceId: z.uuid("Unknown source.").optional(),
  keywordId: z.uuid("Unknown keyword.").optional(),
  sentiment: z.enum(mentionSentiments).optional(),
  /** Keyset cursor: the last item's `<publishedAt ISO>|<id>`. */
  cursor: z.string().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ListMentionsQuery = z.infer<typeof listMentionsQuerySchema>;

export const markMentionsSeenInputSchema = z.object({
  /** Only these; without it every unseen mention of the user. */
  ids: z.array(z.uuid()).max(200).optional(),
});

/** Instagram hashtag names: letters, digits and underscores, no "#" and no emoji. */
export const trackHashtagInputSchema = z.object({
  name: z
    .string()
    .trim()
    .transform((value) => value.replace(/^#+/, "").toLowerCase())
    .pipe(
      z
        .string()
        .min(1, "Enter a hashtag.")
        .max(100, "A hashtag is at most 100 characters.")
        .regex(
          /^[\p{L}\p{M}\p{N}_]+$/u,
          "A hashtag has only letters, digits and underscores (no spaces, # or emoji).",
        ),
    ),
});
export type TrackHashtagInput = z.infer<typeof trackHashtagInputSchema>;

export const trendLabels = ["Rising", "Steady", "Cooling"] as const;
export type TrendLabel = (typeof trendLabels)[number];

/** Instagram's hashtag search limit (Graph API contract §7.2). */
export const HASHTAG_LOOKUPS_PER_WEEK = 30;
