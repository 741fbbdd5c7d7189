/**
 * The rows of a fixed-height list that a scroll position shows, plus `overscan` rows either
 * side: only these are rendered, so 10,000 conversations or 5,000 posts cost as much as a
 * screenful (the inbox list, the post table and grid).
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
