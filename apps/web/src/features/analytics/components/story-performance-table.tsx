import type { AnalyticsStoryListItem, AnalyticsStorySort } from "@sightline/contracts";
import { ArrowDown, ArrowUp, Download, Lock, RefreshCw } from "lucide-react";
import { useState } from "react";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useFormatDateTime, useTimeZone } from "../../../hooks/use-time-zone.ts";
import { announcePlanRequired, openUpgradeIfPlanRequired } from "../../../lib/api-error.ts";
import { toast } from "../../../lib/toast.ts";
import { usePlanLock, useWorkspacePlan } from "../../../lib/workspaces.ts";
import {
  type AnalyticsStoriesFilter,
  downloadAnalyticsStoriesCsv,
  useAnalyticsStories,
} from "../api/list-analytics-stories.ts";
import { useRefreshAnalyticsStories } from "../api/refresh-analytics-stories.ts";
import { Metric } from "./post-list-views.tsx";
import { PostedPeriodSelect, periodRange } from "./posted-period-select.tsx";
import { StoryDrawer } from "./story-drawer.tsx";
import { StoryStatus } from "./story-status.tsx";

type NumberKey = {
  [K in keyof AnalyticsStoryListItem]: AnalyticsStoryListItem[K] extends number | null ? K : never;
}[keyof AnalyticsStoryListItem];

const COLUMNS: Array<{ sort: AnalyticsStorySort; label: string; value?: NumberKey }> = [
  { sort: "posted_at", label: "Posted" },
  { sort: "reach", label: "Reach", value: "reach" },
  { sort: "views", label: "Views", value: "views" },
  { sort: "replies", label: "Replies", value: "replies" },
  { sort: "taps_forward", label: "Taps fwd", value: "tapsForward" },
  { sort: "taps_back", label: "Taps back", value: "tapsBack" },
  { sort: "exits", label: "Exits", value: "exits" },
  { sort: "shares", label: "Shares", value: "shares" },
  { sort: "follows", label: "Follows", value: "follows" },
  { sort: "profile_visits", label: "Profile visits", value: "profileVisits" },
];

/**
 * Post Performance's Stories tab (decision 039): every story Sightline read while it lived, with
 * its final figures once it ended, in the posts table's shape; a row opens the story drawer.
 */
export function StoryPerformanceTable() {
  const [sort, setSort] = useState<AnalyticsStorySort>("posted_at");
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const [periodDays, setPeriodDays] = useState<string>("");
  const [openStory, setOpenStory] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const timeZone = useTimeZone();
  const format = useFormatDateTime();
  const filter: AnalyticsStoriesFilter = {
    sort,
    order,
    timezone: timeZone,
    ...periodRange(periodDays, timeZone),
  };
  const exportLock = usePlanLock("advancedAnalytics");
  const plan = useWorkspacePlan();
  const query = useAnalyticsStories(filter);
  const refresh = useRefreshAnalyticsStories();
  const items = (query.data?.items ?? []) as AnalyticsStoryListItem[];

  const exportCsv = async () => {
    if (exportLock) return announcePlanRequired(exportLock);
    setExporting(true);
    try {
      await downloadAnalyticsStoriesCsv(filter);
    } catch (error) {
      if (openUpgradeIfPlanRequired(error)) return;
      toast.error("Operation failed", {
        description: error instanceof Error ? error.message : "The export did not finish.",
      });
    } finally {
      setExporting(false);
    }
  };
  const toggleSort = (column: AnalyticsStorySort) => {
    if (column === sort) setOrder(order === "desc" ? "asc" : "desc");
    else {
      setSort(column);
      setOrder("desc");
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PostedPeriodSelect
          id="story-period"
          value={periodDays}
          onChange={setPeriodDays}
          plan={plan}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            disabled={refresh.isPending}
            onClick={() =>
              refresh.mutate(undefined, {
                onError: (error) =>
                  toast.error("Operation failed", {
                    description:
                      error instanceof Error ? error.message : "The stories could not be read.",
                  }),
              })
            }
          >
            <RefreshCw
              className={refresh.isPending ? "size-4 animate-spin" : "size-4"}
              aria-hidden="true"
            />
            Read stories now
          </Button>
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
            {exportLock ? (
              <Lock className="size-4" aria-hidden="true" data-testid="plan-lock" />
            ) : (
              <Download className="size-4" aria-hidden="true" />
            )}
            {exporting ? "Exporting…" : "Export CSV"}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        Instagram shows a story's insights only for its 24 hours. Sightline reads your live stories
        every hour and keeps their final figures after they end.
      </p>
      {query.isPending ? (
        <SkeletonGroup label="Loading stories" className="space-y-2">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </SkeletonGroup>
      ) : query.isError ? (
        <QueryError
          message="The stories could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-200 p-6 text-center text-sm text-slate-500">
          No stories stored yet. A story you post shows here within the hour.
        </p>
      ) : (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be reachable by keyboard
          tabIndex={0}
          aria-label="Stories table, scrollable"
          className="max-h-[70vh] overflow-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="w-full min-w-[52rem] md:min-w-[60rem] table-fixed text-sm">
            <colgroup>
              <col className="w-36 md:w-48" />
              <col className="w-32 md:w-36" />
              {COLUMNS.slice(1).map((column) => (
                <col key={column.sort} />
              ))}
            </colgroup>
            <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs text-slate-600 shadow-[inset_0_-1px_0_#e2e8f0]">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Story
                </th>
                {COLUMNS.map((column) => (
                  <th
                    key={column.sort}
                    scope="col"
                    aria-sort={
                      sort === column.sort ? (order === "asc" ? "ascending" : "descending") : "none"
                    }
                    className="px-3 py-2 text-right font-medium"
                  >
                    <button
                      type="button"
                      onClick={() => toggleSort(column.sort)}
                      className="inline-flex items-center gap-1 hover:text-slate-900"
                    >
                      {column.label}
                      {sort === column.sort ? (
                        order === "asc" ? (
                          <ArrowUp className="size-3" aria-hidden="true" />
                        ) : (
                          <ArrowDown className="size-3" aria-hidden="true" />
                        )
                      ) : null}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((story) => (
                <tr
                  key={story.id}
                  data-testid="story-row"
                  data-story-id={story.id}
                  onClick={() => setOpenStory(story.id)}
                  className="h-14 cursor-pointer hover:bg-slate-50"
                >
                  <td className="px-3 py-1.5">
                    <span className="flex items-center gap-2">
                      <StoryStatus status={story.status} />
                      <button
                        type="button"
                        onClick={(event) => {
                          event.stopPropagation();
                          setOpenStory(story.id);
                        }}
                        className="min-w-0 flex-1 truncate text-left text-slate-800 hover:underline"
                      >
                        {story.mediaType === "VIDEO" ? "Video" : "Photo"}
                      </button>
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-3 py-1.5 text-right text-slate-600">
                    {story.postedAt
                      ? format(story.postedAt, {
                          month: "short",
                          day: "numeric",
                          hour: "numeric",
                          minute: "2-digit",
                        })
                      : "—"}
                  </td>
                  {COLUMNS.slice(1).map((column) => (
                    <td key={column.sort} className="px-3 py-1.5 text-right tabular-nums">
                      <Metric value={story[column.value!]} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <StoryDrawer storyId={openStory} onClose={() => setOpenStory(null)} />
    </div>
  );
}
