import { MAX_CAPTION_HASHTAGS } from "@sightline/contracts";

/** Spec §5: the message when a 31st hashtag is added. */
export const TOO_MANY_HASHTAGS = "Maximum 30 hashtags allowed";

/** Spec §5: a leading # is stripped and the rest trimmed ("#  summer " → "summer"). */
export function normalizeHashtag(raw: string): string {
  return raw.trim().replace(/^#+/, "").trim();
}

/** Spec §5: hashtags are added with Enter, comma or space, so one paste may hold several. */
export function splitHashtagInput(raw: string): string[] {
  return raw
    .split(/[\s,]+/)
    .map(normalizeHashtag)
    .filter((tag) => tag.length > 0);
}

/**
 * Adds what the user typed to the list: no duplicates (case-insensitive, as Instagram treats
 * them), at most 30 — the rest is refused with the spec's message.
 */
export function addHashtags(
  existing: readonly string[],
  raw: string,
): { hashtags: string[]; error?: string } {
  const hashtags = [...existing];
  const seen = new Set(existing.map((tag) => tag.toLowerCase()));
  for (const tag of splitHashtagInput(raw)) {
    if (seen.has(tag.toLowerCase())) continue;
    if (hashtags.length >= MAX_CAPTION_HASHTAGS) return { hashtags, error: TOO_MANY_HASHTAGS };
    hashtags.push(tag);
    seen.add(tag.toLowerCase());
  }
  return { hashtags };
}

/** Spec §9: the hashtag counter turns red above 25. */
export function isHashtagCountWarning(count: number): boolean {
  return count > 25;
}
