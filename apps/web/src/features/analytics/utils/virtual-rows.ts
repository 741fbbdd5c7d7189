/**
 * The rows of a fixed-height list that a scroll position shows, plus `overscan` rows either
 * side: only these are in the DOM, so 5,000 posts cost as much as a screenful.
 */
export function visibleRange(input: {
  count: number;
  rowHeight: number;
  scrollTop: number;
  viewportHeight: number;
  overscan?: number;
}): { start: number; end: number } {
  const overscan = input.overscan ?? 6;
  if (input.count === 0 || input.rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, input.scrollTop) / input.rowHeight);
  const shown = Math.ceil(Math.max(0, input.viewportHeight) / input.rowHeight) + 1;
  const start = Math.max(0, Math.min(input.count - 1, first - overscan));
  const end = Math.min(input.count, first + shown + overscan);
  return { start, end: Math.max(start, end) };
}

/** Grid columns for a container width (cards at least ~17.5 rem wide, at most three). */
export function gridColumns(width: number): number {
  if (width >= 840) return 3;
  if (width >= 540) return 2;
  return 1;
}
