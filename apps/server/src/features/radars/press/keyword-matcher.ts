/**
 * Keyword matching for Press Radar (issue 17): whole words only, ignoring letter case and
 * accents ("Cerámica" matches "ceramica"), and a keyword whose exclusion appears anywhere in the
 * item does not match it ("Northfield" but not "Northfield city council").
 */

export type MatchableKeyword = { id: string; term: string; exclusions: readonly string[] };

export type MatchRange = [start: number, end: number];

/** Lower case, accents off; `origin[i]` is where normalized character i came from. */
function normalize(text: string): { text: string; origin: number[] } {
  let normalized = "";
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const folded = char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    for (let unit = 0; unit < folded.length; unit++) origin.push(index);
    normalized += folded;
    index += char.length;
  }
  origin.push(index);
  return { text: normalized, origin };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A pattern for the term on word boundaries; runs of spaces in the term match any spacing. */
function termPattern(term: string): RegExp | undefined {
  const folded = normalize(term.trim()).text;
  if (folded === "") return undefined;
  const body = folded.split(/\s+/).map(escapeRegExp).join("\\s+");
  // A boundary is only needed where the term itself starts or ends with a letter or digit
  // ("@lena.makes" may follow anything).
  const before = /^[\p{L}\p{N}]/u.test(folded) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = /[\p{L}\p{N}]$/u.test(folded) ? "(?![\\p{L}\\p{N}])" : "";
  return new RegExp(`${before}${body}${after}`, "gu");
}

/** Every place the term occurs in `text`, as ranges of the original text. */
export function findTerm(text: string, term: string): MatchRange[] {
  const pattern = termPattern(term);
  if (!pattern) return [];
  const { text: folded, origin } = normalize(text);
  const ranges: MatchRange[] = [];
  for (const match of folded.matchAll(pattern)) {
    const start = origin[match.index]!;
    const end = origin[match.index + match[0].length]!;
    ranges.push([start, end]);
  }
  return ranges;
}

export function containsTerm(text: string, term: string): boolean {
  return findTerm(text, term).length > 0;
}

/** The keywords that match `text` (present, and none of their exclusions present). */
export function matchKeywords<K extends MatchableKeyword>(
  text: string,
  keywords: readonly K[],
): K[] {
  return keywords.filter(
    (keyword) =>
      containsTerm(text, keyword.term) &&
      !keyword.exclusions.some((exclusion) => containsTerm(text, exclusion)),
  );
}

/** Ranges of every term in `text`, sorted and merged where they overlap. */
export function highlightRanges(text: string, terms: readonly string[]): MatchRange[] {
  const ranges = terms.flatMap((term) => findTerm(text, term)).sort((a, b) => a[0] - b[0]);
  const merged: MatchRange[] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/**
 * A passage of `body` around the first match (about `length` characters, cut at word
 * boundaries, with "…" where text was left out), and the matches' ranges inside it.
 */
export function snippetAround(
  body: string,
  terms: readonly string[],
  length = 240,
): { snippet: string; highlights: MatchRange[] } {
  const text = body.replace(/\s+/g, " ").trim();
  if (text.length <= length) return { snippet: text, highlights: highlightRanges(text, terms) };
  const first = highlightRanges(text, terms)[0];
  let start = first ? Math.max(0, first[0] - Math.floor(length / 3)) : 0;
  if (start > 0) {
    const space = text.indexOf(" ", start);
    start = space === -1 || space > (first?.[0] ?? start) ? start : space + 1;
  }
  let end = Math.min(text.length, start + length);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + length / 2) end = space;
  }
  const snippet = `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
  return { snippet, highlights: highlightRanges(snippet, terms) };
}
