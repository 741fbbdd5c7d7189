import { highlightParts } from "../utils/highlight.ts";

/** Text with the matched keyword ranges marked. */
export function Highlighted({
  text,
  ranges,
}: {
  text: string;
  ranges: ReadonlyArray<[number, number]>;
}) {
  return highlightParts(text, ranges).map((part, index) =>
    part.isMatch ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
      <mark key={index} className="rounded bg-brand-100 px-0.5 text-brand-900">
        {part.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
      <span key={index}>{part.text}</span>
    ),
  );
}
