/**
 * Instagram's caption rules, in one place for the sandbox, the server and the web app (Graph API
 * contract §2.1; spec §5 and §9).
 *
 * How things are counted, and why:
 * - Length is counted in Unicode code points. Meta says "2,200 characters" without saying which
 *   characters. Code points never count fewer than graphemes (what people see), so a caption we
 *   accept is not refused for being long if Meta counts graphemes; UTF-16 units would refuse
 *   emoji-heavy captions that Instagram's own app accepts. Unconfirmed: see the sandbox README.
 * - Hashtags and @-mentions are counted each time they appear (a repeated tag counts twice):
 *   the stricter reading of "30 hashtags" and "20 @ tags", again unconfirmed.
 */
export const MAX_CAPTION_LENGTH = 2200;
export const MAX_CAPTION_HASHTAGS = 30;
/** Spec §9: the hashtag counter turns red above this. */
export const HASHTAG_WARNING_ABOVE = 25;
export const MAX_CAPTION_MENTIONS = 20;

// A tag starts after the text's start or a character that cannot be part of a word, and runs
// over letters (any script), combining marks, digits and underscores.
const hashtagPattern = /(?<![\p{L}\p{M}\p{N}_&#])#([\p{L}\p{M}\p{N}_]+)/gu;
// Instagram usernames: ASCII letters, digits, periods and underscores, at most 30.
const mentionPattern = /(?<![\p{L}\p{N}_.@])@([A-Za-z0-9._]{1,30})/gu;

/** The caption's length as Instagram's limit counts it (Unicode code points). */
export function captionLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Every hashtag in the text, without "#", in order, repeats included. */
export function captionHashtags(text: string): string[] {
  return [...text.matchAll(hashtagPattern)].map((match) => match[1]!);
}

/**
 * The distinct hashtags of a caption, lowercased, in order of first use: how analytics groups
 * posts by tag ("#Latte" and "#latte" are one tag; a tag used twice in a caption counts once).
 */
export function postHashtags(caption: string | null): string[] {
  return caption === null
    ? []
    : [...new Set(captionHashtags(caption).map((tag) => tag.toLowerCase()))];
}

/** Every @-mention in the text, without "@", in order, repeats included. */
export function captionMentions(text: string): string[] {
  return [...text.matchAll(mentionPattern)].map((match) => match[1]!.replace(/\.+$/, ""));
}

export type CaptionProblem = "too_long" | "too_many_hashtags" | "too_many_mentions";

/** The first rule the caption breaks, or undefined when Instagram would accept it. */
export function checkCaption(text: string): CaptionProblem | undefined {
  if (captionLength(text) > MAX_CAPTION_LENGTH) return "too_long";
  if (captionHashtags(text).length > MAX_CAPTION_HASHTAGS) return "too_many_hashtags";
  if (captionMentions(text).length > MAX_CAPTION_MENTIONS) return "too_many_mentions";
  return undefined;
}
