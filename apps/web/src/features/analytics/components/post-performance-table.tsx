import {
  type AnalyticsPostListItem,
  type AnalyticsPostSort,
  type AnalyticsPostType,
  analyticsPostTypeLabels,
  analyticsPostTypes,
} from "@sightline/contracts";
import { Download, LayoutGrid, Lock, Rows3 } from "lucide-react";
import { useState } from "react";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Select } from "../../../components/ui/input.tsx";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import { announcePlanRequired, openUpgradeIfPlanRequired } from "../../../lib/api-error.ts";
import { toast } from "../../../lib/toast.ts";
import { usePlanLock, useWorkspacePlan } from "../../../lib/workspaces.ts";
import { cn } from "../../../utils/cn.ts";
import {
  type AnalyticsPostsFilter,
  downloadAnalyticsPostsCsv,
  useAnalyticsPosts,
} from "../api/list-analytics-posts.ts";
import { HistoryNote } from "./history-note.tsx";
import { PostBenchmarks } from "./post-benchmarks.tsx";
import { PostDrawer } from "./post-drawer.tsx";
import { VirtualPostGrid, VirtualPostTable } from "./post-list-views.tsx";
import { PostedPeriodSelect, periodRange } from "./posted-period-select.tsx";

export function PostPerformanceTable() {
  const [sort, setSort] = useState<AnalyticsPostSort>("posted_at");
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const [type, setType] = useState<AnalyticsPostType | "">("");
  const [search, setSearch] = useState("");
  const [periodDays, setPeriodDays] = useState<string>("");
  const [view, setView] = useState<"table" | "grid">("table");
  const [openPost, setOpenPost] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const timeZone = useTimeZone();
  const range = periodRange(periodDays, timeZone);
  const q = useDebouncedValue(search.trim(), 300);
  const filter: AnalyticsPostsFilter = {
    sort,
    order,
    timezone: timeZone,
    ...range,
    ...(type ? { type } : {}),
    ...(q ? { q } : {}),
  };
  const exportLock = usePlanLock("advancedAnalytics");
  const plan = useWorkspacePlan();
  const exportCsv = async () => {
    // The CSV export is advanced analytics (issue 30): a plan without it is told so at once.
    if (exportLock) return announcePlanRequired(exportLock);
    setExporting(true);
    try {
      await downloadAnalyticsPostsCsv(filter);
    } catch (error) {
      if (openUpgradeIfPlanRequired(error)) return;
      toast.error("Operation failed", {
        description: error instanceof Error ? error.message : "The export did not finish.",
      });
    } finally {
      setExporting(false);
    }
  };
  const query = useAnalyticsPosts(filter);

  const toggleSort = (column: AnalyticsPostSort) => {
    if (column === sort) setOrder(order === "desc" ? "asc" : "desc");
    else {
      setSort(column);
      setOrder("desc");
    }
  };

  const resetKey = JSON.stringify(filter);
  const paging = {
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
  };
  const firstPage = query.data?.pages[0];
  const postsNote = firstPage?.connected ? firstPage.history?.postsNote : null;
  const items: AnalyticsPostListItem[] =
    query.data?.pages.flatMap((page) => page.items as AnalyticsPostListItem[]) ?? [];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="text-sm">
          <label htmlFor="post-type" className="block font-medium text-slate-700">
            Type
          </label>
          <Select
            id="post-type"
            value={type}
            onChange={(event) => setType(event.target.value as AnalyticsPostType | "")}
            className="mt-1"
          >
            <option value="">All</option>
            {analyticsPostTypes.map((value) => (
              <option key={value} value={value}>
                {analyticsPostTypeLabels[value]}
              </option>
            ))}
          </Select>
        </div>
        <PostedPeriodSelect
          id="post-period"
          value={periodDays}
          onChange={setPeriodDays}
          plan={plan}
        />
        <div className="min-w-48 flex-1 text-sm">
          <label htmlFor="post-search" className="block font-medium text-slate-700">
            Search captions
          </label>
          <Input
            id="post-search"
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="e.g. giveaway"
            className="mt-1"
          />
        </div>
        <div className="flex items-center gap-2">
          <fieldset className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5">
            <legend className="sr-only">View</legend>
            {(
              [
                { value: "table", label: "Table", Icon: Rows3 },
                { value: "grid", label: "Grid", Icon: LayoutGrid },
              ] as const
            ).map(({ value, label, Icon }) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                onClick={() => setView(value)}
                className={cn(
                  "inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium",
                  view === value ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </button>
            ))}
          </fieldset>
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
      {postsNote ? <HistoryNote note={postsNote} /> : null}
      {query.isPending ? (
        <SkeletonGroup label="Loading posts" className="space-y-2">
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </SkeletonGroup>
      ) : query.isError && items.length === 0 ? (
        <QueryError message="The posts could not be loaded." onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">No posts match.</p>
      ) : view === "grid" ? (
        <VirtualPostGrid items={items} onOpen={setOpenPost} resetKey={resetKey} paging={paging} />
      ) : (
        <VirtualPostTable
          items={items}
          sort={sort}
          order={order}
          onSort={toggleSort}
          onOpen={setOpenPost}
          resetKey={resetKey}
          paging={paging}
        />
      )}
      {query.isError && items.length > 0 ? (
        <QueryError
          message="More posts could not be loaded."
          onRetry={() => void query.fetchNextPage()}
        />
      ) : null}
      <PostBenchmarks period={range} timeZone={timeZone} onOpenPost={setOpenPost} />
      <PostDrawer postId={openPost} onClose={() => setOpenPost(null)} />
    </div>
  );
}
