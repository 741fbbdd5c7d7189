import {
  captionHashtags,
  captionLength,
  captionMentions,
  MAX_CAPTION_HASHTAGS,
  MAX_CAPTION_LENGTH,
} from "@sightline/contracts";

export { MAX_CAPTION_LENGTH };

export interface CaptionAnalysis {
  /** Characters as Instagram's limit counts them: Unicode code points (see contracts' caption rules). */
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

/** Characters as Instagram's caption limit counts them (the shared rule in contracts). */
export function countCharacters(text: string): number {
  return captionLength(text);
}

export function analyzeCaption(text: string): CaptionAnalysis {
  const length = countCharacters(text);
  // Counted as Instagram's limits count them: every occurrence (contracts' caption rules).
  const hashtags = captionHashtags(text).length;
  const mentions = captionMentions(text).length;
  const trimmed = text.trim();
  return {
    length,
    remaining: MAX_CAPTION_LENGTH - length,
    isOverLimit: length > MAX_CAPTION_LENGTH,
    words: trimmed === "" ? 0 : trimmed.split(/\s+/u).length,
    lines: text === "" ? 0 : text.split(/\r\n|\r|\n/).length,
    hashtags,
    isOverHashtagLimit: hashtags > MAX_CAPTION_HASHTAGS,
    mentions,
    firstLine: trimmed.split(/\r\n|\r|\n/)[0] ?? "",
  };
}
