// multilang-sentiment ships no types; only what lib/sentiment.ts uses is declared.
declare module "multilang-sentiment" {
  export type SentimentResult = {
    score: number;
    comparative: number;
    positive: string[];
    negative: string[];
  };
  export default function sentiment(phrase: string, language?: string): SentimentResult;
}

declare module "multilang-sentiment/lib/tokenize.js" {
  /** Lower-cased words without punctuation; a negator ("not", "no", "nicht"…) has `negate`. */
  export default function tokenize(
    phrase: string,
    language: string,
  ): Array<{ value: string; negate: boolean }>;
}
