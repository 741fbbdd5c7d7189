import { MAX_CAPTION_HASHTAGS, MAX_CAPTION_LENGTH, postHashtags } from "@sightline/contracts";

export type PostPerformance = { caption: string | null; reach: number; interactions: number };

// What a drafted sentence leaves out: every "#tag" run, wherever it stands.
const hashtagPattern = /#([\p{L}\p{N}_]+)/gu;

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The account's hashtags ranked by the median reach of the posts that used them (each used at
 * least twice, so one lucky post does not decide), best first.
 */
export function rankHashtags(
  posts: PostPerformance[],
  limit: number,
): Array<{ tag: string; medianReach: number; posts: number }> {
  const reachByTag = new Map<string, number[]>();
  for (const post of posts) {
    for (const tag of postHashtags(post.caption)) {
      const reaches = reachByTag.get(tag);
      if (reaches) reaches.push(post.reach);
      else reachByTag.set(tag, [post.reach]);
    }
  }
  return [...reachByTag]
    .filter(([, reaches]) => reaches.length >= 2)
    .map(([tag, reaches]) => ({ tag, medianReach: median(reaches)!, posts: reaches.length }))
    .sort(byHashtagRank)
    .slice(0, limit);
}

/** Hashtag ranking order: higher median reach first, then more posts, then by name. */
export function byHashtagRank(
  a: { tag: string; medianReach: number; posts: number },
  b: { tag: string; medianReach: number; posts: number },
): number {
  return b.medianReach - a.medianReach || b.posts - a.posts || a.tag.localeCompare(b.tag);
}

function sentences(text: string): string[] {
  return text
    .replace(hashtagPattern, "")
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 3);
}

/**
 * The built-in engine (no AI provider configured): a draft in the account's own voice, from its
 * best-performing posts by engagement (interactions ÷ reach): the opening line of the best one
 * and the question its top posts most often close with. It never claims to have seen the image.
 */
/** The account's best captions by engagement (interactions ÷ reach), best first. */
export function bestCaptions(posts: PostPerformance[], limit: number): string[] {
  return posts
    .filter((post) => post.reach > 0 && post.caption && post.caption.trim() !== "")
    .sort((a, b) => b.interactions / b.reach - a.interactions / a.reach)
    .slice(0, limit)
    .map((post) => post.caption!);
}

export function draftCaption(posts: PostPerformance[]): {
  caption: string;
  hashtags: string[];
  basedOn: number;
} {
  const ranked = posts
    .filter((post) => post.reach > 0 && post.caption && post.caption.trim() !== "")
    .sort((a, b) => b.interactions / b.reach - a.interactions / a.reach)
    .slice(0, 10);
  const hashtags = rankHashtags(posts, 10).map((entry) => entry.tag);
  if (ranked.length === 0) return { caption: "", hashtags, basedOn: 0 };
  const opening = sentences(ranked[0]!.caption!)[0] ?? "";
  const questions = new Map<string, number>();
  for (const post of ranked) {
    for (const sentence of sentences(post.caption!)) {
      if (sentence.endsWith("?")) questions.set(sentence, (questions.get(sentence) ?? 0) + 1);
    }
  }
  const question = [...questions].sort((a, b) => b[1] - a[1])[0]?.[0];
  const caption = [opening, question].filter(Boolean).join("\n\n");
  return {
    caption: [...caption].slice(0, MAX_CAPTION_LENGTH).join(""),
    hashtags: hashtags.slice(0, MAX_CAPTION_HASHTAGS),
    basedOn: ranked.length,
  };
}
