import { useQueryClient } from "@tanstack/react-query";
import { AtSign, RefreshCw } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Segmented, SegmentedOption } from "../../../components/ui/segmented.tsx";
import { useRealtimeEvent, useRealtimeOpen } from "../../../lib/realtime/use-realtime-event.ts";
import { toast } from "../../../lib/toast.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { type MentionFilters, useMentions } from "../api/list-mentions.ts";
import { mentionsQueryKey } from "../api/mentions-keys.ts";
import { useRefreshMentions } from "../api/refresh-mentions.ts";
import { MentionCard } from "./mention-card.tsx";

const periods: Array<{ value: MentionFilters["days"]; label: string; phrase: string }> = [
  { value: "7", label: "7 days", phrase: "in the last 7 days" },
  { value: "28", label: "28 days", phrase: "in the last 28 days" },
  { value: "90", label: "90 days", phrase: "in the last 90 days" },
];

const kinds: Array<{ value: MentionFilters["kind"]; label: string }> = [
  { value: "all", label: "All" },
  { value: "caption", label: "Posts" },
  { value: "comment", label: "Comments" },
  { value: "tag", label: "Tags" },
];

/**
 * Mentions (beyond the spec, decision 041): everyone who @mentioned the open account in a post or
 * a comment, or tagged it, in one list, newest first; live as the `mentions` webhook arrives.
 */
export function MentionsView() {
  const [filters, setFilters] = useState<MentionFilters>({ days: "7", kind: "all" });
  const mentions = useMentions(filters);
  const refresh = useRefreshMentions();
  const canWrite = useCan("inbox:write");
  const queryClient = useQueryClient();
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: mentionsQueryKey });
  useRealtimeEvent("instagram-mention:created", refreshList);
  // Mentions that arrived before the stream was listening (page load, a dropped connection).
  useRealtimeOpen(refreshList);
  const first = mentions.data?.pages[0];
  const items = mentions.data?.pages.flatMap((page) => page.items) ?? [];
  const period = periods.find((entry) => entry.value === filters.days)!;
  const people = new Set(items.map((item) => item.author_username).filter(Boolean)).size;

  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">Who mentioned you</h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {first?.connected && first.username ? `@${first.username}: ` : ""}
            {mentions.isPending
              ? "Loading…"
              : mentions.hasNextPage
                ? `${items.length}+ mentions and tags ${period.phrase}`
                : `${items.length} ${items.length === 1 ? "mention or tag" : "mentions and tags"} by ${people} ${people === 1 ? "account" : "accounts"} ${period.phrase}`}
          </p>
        </div>
        {canWrite ? (
          <Button
            variant="outline"
            size="sm"
            className="self-start sm:self-auto"
            disabled={refresh.isPending}
            onClick={() =>
              refresh.mutate(undefined, {
                onSuccess: () => toast.success("Reading your tags from Instagram…"),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            Check tags now
          </Button>
        ) : null}
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <Segmented legend="Period">
          {periods.map((entry) => (
            <SegmentedOption
              key={entry.value}
              pressed={filters.days === entry.value}
              onClick={() => setFilters({ ...filters, days: entry.value })}
            >
              {entry.label}
            </SegmentedOption>
          ))}
        </Segmented>
        <Segmented legend="Kind">
          {kinds.map((entry) => (
            <SegmentedOption
              key={entry.value}
              pressed={filters.kind === entry.value}
              onClick={() => setFilters({ ...filters, kind: entry.value })}
            >
              {entry.label}
            </SegmentedOption>
          ))}
        </Segmented>
      </div>

      {mentions.isPending ? (
        <SkeletonGroup label="Loading mentions" className="mt-4 space-y-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-28 rounded-2xl" />
          ))}
        </SkeletonGroup>
      ) : mentions.isError ? (
        <QueryError error={mentions.error} onRetry={mentions.refetch} className="mt-4" />
      ) : items.length === 0 ? (
        <EmptyState
          size="panel"
          icon={AtSign}
          title={`No mentions or tags ${period.phrase}.`}
          className="mt-4"
        >
          New @mentions in posts and comments arrive as they happen; tags are read every hour. Try a
          longer period.
        </EmptyState>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Mentions and tags">
          {items.map((mention) => (
            <MentionCard key={mention.id} mention={mention} canReply={canWrite} />
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
    </div>
  );
}
