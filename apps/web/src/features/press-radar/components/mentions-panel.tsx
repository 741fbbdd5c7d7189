import { type MentionSentiment, mentionSentiments } from "@sightline/contracts";
import { Newspaper } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Label, Select } from "../../../components/ui/input.tsx";
import type { PressRadarState } from "../api/get-press-radar.ts";
import { type MentionFilters, usePressMentions } from "../api/list-press-mentions.ts";
import { useMarkMentionsSeen } from "../api/mark-mentions-seen.ts";
import { sentimentLabels } from "../utils/mention-display.ts";
import { MentionItem } from "./mention-item.tsx";

/** The mentions, filtered by source, keyword and tone, a page at a time. */
export function MentionsPanel({ state }: { state: PressRadarState }) {
  const [filters, setFilters] = useState<MentionFilters>({});
  const mentions = usePressMentions(filters);
  const markSeen = useMarkMentionsSeen();
  // Mentions that were unseen when the page opened keep their "New" badge while it stays open.
  const newAtOpen = useRef<Set<string> | null>(null);
  const firstPage = mentions.data?.pages[0];
  useEffect(() => {
    if (!firstPage || newAtOpen.current) return;
    newAtOpen.current = new Set(
      firstPage.items.filter((item) => !item.isSeen).map((item) => item.id),
    );
    // Spec: opening the page marks the mentions seen (the dot clears in every tab).
    markSeen.mutate(undefined);
  }, [firstPage, markSeen]);
  const items = mentions.data?.pages.flatMap((page) => page.items) ?? [];
  const sourceFilterId = useId();
  const keywordFilterId = useId();
  const toneFilterId = useId();
  const hasFilters = Boolean(filters.sourceId || filters.keywordId || filters.sentiment);

  return (
    <section aria-labelledby="mentions-heading" className="min-w-0">
      <h2 id="mentions-heading" className="sr-only">
        Mentions
      </h2>
      <div className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <div>
          <Label htmlFor={sourceFilterId} className="text-xs text-slate-600">
            Source
          </Label>
          <Select
            id={sourceFilterId}
            className="mt-1"
            value={filters.sourceId ?? ""}
            onChange={(event) =>
              setFilters({ ...filters, sourceId: event.target.value || undefined })
            }
          >
            <option value="">All sources</option>
            {state.sources.map((source) => (
              <option key={source.id} value={source.id}>
                {source.title}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={keywordFilterId} className="text-xs text-slate-600">
            Keyword
          </Label>
          <Select
            id={keywordFilterId}
            className="mt-1"
            value={filters.keywordId ?? ""}
            onChange={(event) =>
              setFilters({ ...filters, keywordId: event.target.value || undefined })
            }
          >
            <option value="">All keywords</option>
            {state.keywords.map((keyword) => (
              <option key={keyword.id} value={keyword.id}>
                {keyword.term}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={toneFilterId} className="text-xs text-slate-600">
            Tone
          </Label>
          <Select
            id={toneFilterId}
            className="mt-1"
            value={filters.sentiment ?? ""}
            onChange={(event) =>
              setFilters({
                ...filters,
                sentiment: (event.target.value || undefined) as MentionSentiment | undefined,
              })
            }
          >
            <option value="">Any tone</option>
            {mentionSentiments.map((sentiment) => (
              <option key={sentiment} value={sentiment}>
                {sentimentLabels[sentiment]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {mentions.isPending ? (
        <SkeletonGroup label="Loading mentions" className="mt-4 space-y-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-32 rounded-2xl" />
          ))}
        </SkeletonGroup>
      ) : mentions.isError ? (
        <QueryError error={mentions.error} onRetry={mentions.refetch} className="mt-4" />
      ) : items.length === 0 ? (
        <EmptyState
          size="panel"
          icon={Newspaper}
          title={hasFilters ? "No mentions match these filters." : "No mentions yet."}
          className="mt-4"
        >
          {state.sources.length === 0 || state.keywords.length === 0
            ? "Add a source and a keyword: every item that mentions the keyword shows up here."
            : "Feeds are checked every 15 minutes; new mentions put a dot on Press Radar in the menu."}
        </EmptyState>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Mentions">
          {items.map((mention) => (
            <MentionItem
              key={mention.id}
              mention={mention}
              isNew={!mention.isSeen || Boolean(newAtOpen.current?.has(mention.id))}
            />
          ))}
        </ul>
      )}
      {mentions.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void mentions.fetchNextPage()}
            disabled={mentions.isFetchingNextPage}
          >
            {mentions.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
