import { HASHTAG_WARNING_ABOVE, MAX_CAPTION_HASHTAGS } from "@sightline/contracts";

/** Spec §5 and §9: at most 30 hashtags; the counter turns red above 25. */
export const MAX_HASHTAGS = MAX_CAPTION_HASHTAGS;
export { HASHTAG_WARNING_ABOVE };

export interface HashtagAnalysis {
  /** Unique, valid tags without "#", in the order first written. */
  tags: string[];
  /** Tags written more than once (compared without case, as Instagram does). */
  duplicates: string[];
  /** Entries Instagram would not accept as hashtags (punctuation, only digits...). */
  invalid: string[];
  count: number;
  isOverLimit: boolean;
  isNearLimit: boolean;
}

// Letters (any script), combining marks, digits and underscores; Instagram stops a tag at anything else.
const VALID_TAG = /^[\p{L}\p{M}\p{N}_]+$/u;

/**
 * Splits pasted text on spaces, commas, semicolons and new lines, strips leading "#",
 * trims, and drops duplicates, as the composer does (spec §5).
 */
export function analyzeHashtags(input: string): HashtagAnalysis {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  const tags: string[] = [];
  const invalid: string[] = [];
  for (const entry of input.split(/[\s,;]+/u)) {
    const tag = entry.replace(/^#+/, "").trim();
    if (tag === "") continue;
    if (!VALID_TAG.test(tag) || /^\d+$/.test(tag)) {
      invalid.push(entry);
      continue;
    }
    const key = tag.toLocaleLowerCase();
    if (seen.has(key)) {
      duplicates.add(tag);
      continue;
    }
    seen.add(key);
    tags.push(tag);
  }
  return {
    tags,
    duplicates: [...duplicates],
    invalid,
    count: tags.length,
    isOverLimit: tags.length > MAX_HASHTAGS,
    isNearLimit: tags.length > HASHTAG_WARNING_ABOVE,
  };
}

export type HashtagLayout = "spaces" | "lines" | "dots";

/** The tags ready to paste: "#a #b", one per line, or after a block of dots (a common first-comment style). */
export function formatHashtags(tags: string[], layout: HashtagLayout = "spaces"): string {
  const withHash = tags.map((tag) => `#${tag}`);
  if (layout === "lines") return withHash.join("\n");
  if (layout === "dots") return [".", ".", ".", withHash.join(" ")].join("\n");
  return withHash.join(" ");
}
