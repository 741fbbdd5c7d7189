import { analyzeHashtags, MAX_HASHTAGS } from "./hashtags.ts";

/** Spec §5 and §9: a caption holds at most 2,200 characters. */
export const MAX_CAPTION_LENGTH = 2200;

export interface CaptionAnalysis {
  /** Characters as people count them: an emoji or an accented letter is one. */
  length: number;
  remaining: number;
  isOverLimit: boolean;
  words: number;
  lines: number;
  hashtags: number;
  isOverHashtagLimit: boolean;
  mentions: number;
  /** The first line, which is what people read before "more". */
  firstLine: string;
}

const segmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
    : undefined;

export function countCharacters(text: string): number {
  if (!segmenter) return Array.from(text).length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

export function analyzeCaption(text: string): CaptionAnalysis {
  const length = countCharacters(text);
  const hashtagMatches = text.match(/(^|[^\p{L}\p{N}_&])#[\p{L}\p{M}\p{N}_]+/gu) ?? [];
  const hashtags = analyzeHashtags(
    hashtagMatches.map((match) => match.replace(/^[^#]*/, "")).join(" "),
  ).count;
  const mentions = new Set(
    (text.match(/(^|[^\p{L}\p{N}_])@[\p{L}\p{N}._]+/gu) ?? []).map((match) =>
      match.replace(/^[^@]*@/, "").toLocaleLowerCase(),
    ),
  ).size;
  const trimmed = text.trim();
  return {
    length,
    remaining: MAX_CAPTION_LENGTH - length,
    isOverLimit: length > MAX_CAPTION_LENGTH,
    words: trimmed === "" ? 0 : trimmed.split(/\s+/u).length,
    lines: text === "" ? 0 : text.split(/\r\n|\r|\n/).length,
    hashtags,
    isOverHashtagLimit: hashtags > MAX_HASHTAGS,
    mentions,
    firstLine: trimmed.split(/\r\n|\r|\n/)[0] ?? "",
  };
}
