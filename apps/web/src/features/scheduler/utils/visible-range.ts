/**
 * The rows [start, end) that overlap [from, to), given `offsets` where row i spans
 * offsets[i]..offsets[i + 1] (offsets has one entry more than there are rows). Binary search:
 * the list may hold thousands of rows and this runs on every scroll frame.
 */
export function visibleRange(
  offsets: ArrayLike<number>,
  from: number,
  to: number,
): { start: number; end: number } {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  // First row whose bottom is below `from`.
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle + 1]! <= from) low = middle + 1;
    else high = middle;
  }
  const start = Math.min(low, count - 1);
  // First row whose top is at or below `to`.
  low = start;
  high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle]! < to) low = middle + 1;
    else high = middle;
  }
  return { start, end: Math.max(low, start + 1) };
}
