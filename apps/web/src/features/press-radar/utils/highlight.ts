/** Splits a snippet into plain and highlighted parts from the server's [start, end) ranges. */
export function highlightParts(
  text: string,
  ranges: ReadonlyArray<readonly [number, number]>,
): Array<{ text: string; isMatch: boolean }> {
  const parts: Array<{ text: string; isMatch: boolean }> = [];
  let cursor = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < cursor || end <= start || end > text.length) continue;
    if (start > cursor) parts.push({ text: text.slice(cursor, start), isMatch: false });
    parts.push({ text: text.slice(start, end), isMatch: true });
    cursor = end;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), isMatch: false });
  return parts;
}
