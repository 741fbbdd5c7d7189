import type { MarkdownHeading } from "../content/documents.ts";

export function TableOfContents({
  title,
  headings,
}: {
  title: string;
  headings: MarkdownHeading[];
}) {
  const entries = headings.filter((heading) => heading.depth === 2);
  if (entries.length < 3) return null;
  return (
    <nav aria-label={title} className="text-sm">
      <p className="font-semibold text-slate-900">{title}</p>
      <ol className="mt-3 space-y-2 border-l border-slate-200">
        {entries.map((heading) => (
          <li key={heading.id}>
            <a
              href={`#${heading.id}`}
              className="-ml-px block border-l border-transparent pl-4 text-slate-600 hover:border-slate-400 hover:text-slate-900"
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
