import type { MentionSentiment } from "@sightline/contracts";
import { ExternalLink } from "lucide-react";
import { Badge } from "../../../components/ui/badge.tsx";
import { cn } from "../../../utils/cn.ts";
import type { PressMention } from "../api/list-press-mentions.ts";
import { dateFormat, sentimentLabels, sentimentStyles } from "../utils/mention-display.ts";
import { Highlighted } from "./highlighted.tsx";

/** One mention: source, date, tone, its title linking out, the snippet and the terms matched. */
export function MentionItem({ mention, isNew }: { mention: PressMention; isNew: boolean }) {
  const sentiment = mention.sentiment as MentionSentiment;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs"
      data-testid="mention"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        <span className="font-medium text-slate-700">{mention.sourceTitle}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={mention.publishedAt}>
          {dateFormat.format(new Date(mention.publishedAt))}
        </time>
        <span
          className={cn(
            "inline-flex items-center rounded-full px-2 py-0.5 sm:ml-auto text-xs font-semibold ring-1 ring-inset",
            sentimentStyles[sentiment],
          )}
        >
          {sentimentLabels[sentiment]}
        </span>
        {isNew ? <Badge>New</Badge> : null}
      </div>
      <h3 className="mt-2 text-base font-semibold text-slate-900">
        {mention.link ? (
          <a
            href={mention.link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-start gap-1 hover:text-brand-700 hover:underline"
          >
            <span>
              <Highlighted text={mention.title} ranges={mention.titleHighlights} />
            </span>
            <ExternalLink className="mt-1 size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <Highlighted text={mention.title} ranges={mention.titleHighlights} />
        )}
      </h3>
      {mention.snippet ? (
        <p className="mt-1.5 text-sm leading-6 text-slate-700">
          <Highlighted
            text={mention.snippet}
            ranges={mention.highlights as Array<[number, number]>}
          />
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">Matched: {mention.matchedTerms.join(", ")}</p>
    </li>
  );
}
