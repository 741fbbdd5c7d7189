/** Spec §3: a person tagged on a media item, at x and y in percent (0–100). */
export interface DraftTag {
  id: string;
  username: string;
  x: number;
  y: number;
}

export const USER_ALREADY_TAGGED = "User already tagged";
export const TAG_USERNAME_REQUIRED = "Enter a username";

/** Spec §5: positions are clamped to 0–100 (and rounded to a tenth, enough for a tap). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;
}

/** The point of a click inside a box, in percent of its width and height, clamped. */
export function pointToPercent(
  point: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  return {
    x: clampPercent(box.width > 0 ? ((point.x - box.left) / box.width) * 100 : 0),
    y: clampPercent(box.height > 0 ? ((point.y - box.top) / box.height) * 100 : 0),
  };
}

/**
 * Spec §5: one tag per user per media item; the username is required (a leading @ is dropped).
 */
export function addTag(
  tags: readonly DraftTag[],
  input: { id: string; username: string; x: number; y: number },
): { tags: DraftTag[]; error?: undefined } | { tags?: undefined; error: string } {
  const username = input.username.trim().replace(/^@+/, "").trim();
  if (!username) return { error: TAG_USERNAME_REQUIRED };
  if (tags.some((tag) => tag.username.toLowerCase() === username.toLowerCase())) {
    return { error: USER_ALREADY_TAGGED };
  }
  return {
    tags: [...tags, { id: input.id, username, x: clampPercent(input.x), y: clampPercent(input.y) }],
  };
}
