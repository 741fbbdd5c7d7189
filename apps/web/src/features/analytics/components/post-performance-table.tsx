import {
  type AnalyticsPostListItem,
  type AnalyticsPostSort,
  type AnalyticsPostType,
  analyticsPostTypeLabels,
  analyticsPostTypes,
} from "@sightline/contracts";
import { ArrowDown, ArrowUp, Download, LayoutGrid, Rows3 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Select } from "../../../components/ui/input.tsx";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import { cn } from "../../../utils/cn.ts";
import {
  type AnalyticsPostsFilter,
  downloadAnalyticsPostsCsv,
  useAnalyticsPosts,
} from "../api/list-analytics-posts.ts";
import { formatNumber, formatRatioPercent } from "../utils/format.ts";
import { PostBenchmarks } from "./post-benchmarks.tsx";
import { PostDrawer } from "./post-drawer.tsx";
import { formatDate } from "./top-posts.tsx";
import { SkeletonBlock, WidgetError } from "./widget-states.tsx";

type MetricKey = "reach" | "views" | "likes" | "comments" | "saves" | "shares";

const COLUMNS: Array<{ sort: AnalyticsPostSort; label: string }> = [
  { sort: "posted_at", label: "Posted" },
  { sort: "reach", label: "Reach" },
  { sort: "views", label: "Views" },
  { sort: "likes", label: "Likes" },
  { sort: "comments", label: "Comments" },
  { sort: "saves", label: "Saves" },
  { sort: "shares", label: "Shares" },
  { sort: "engagement", label: "Engagement" },
];

const NOT_AVAILABLE = "Not available: Instagram did not report this metric for this post.";

function Metric({
  value,
  format = formatNumber,
}: {
  value: number | null;
  format?: (v: number) => string;
}) {
  if (value === null) {
    return (
      <span title={NOT_AVAILABLE} className="text-slate-400">
        —<span className="sr-only"> (not available)</span>
      </span>
    );
  }
  return <span>{format(value)}</span>;
}

const PERIODS = [
  { value: "", label: "All time" },
  { value: "7", label: "Last 7 days" },
  { value: "28", label: "Last 28 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last 12 months" },
] as const;

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last `days` days up to today on the user's calendar; undefined for all time. */
export function periodRange(days: string, timeZone: string, now = new Date()) {
  if (!days) return {};
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
  return { from: addDays(today, -(Number(days) - 1)), to: today };
}

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
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAnalyticsPostsCsv(filter);
    } catch (error) {
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
        <div className="text-sm">
          <label htmlFor="post-period" className="block font-medium text-slate-700">
            Posted
          </label>
          <Select
            id="post-period"
            value={periodDays}
            onChange={(event) => setPeriodDays(event.target.value)}
            className="mt-1"
          >
            {PERIODS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
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
            <Download className="size-4" aria-hidden="true" />
            {exporting ? "Exporting…" : "Export CSV"}
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <div role="status" aria-busy="true" className="space-y-2">
          <span className="sr-only">Loading posts</span>
          {Array.from({ length: 6 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
            <SkeletonBlock key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : query.isError && items.length === 0 ? (
        <WidgetError
          message="The posts could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">No posts match.</p>
      ) : view === "grid" ? (
        <ul
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
          data-testid="post-grid"
        >
          {items.map((post) => (
            <li
              key={post.id}
              className="[contain-intrinsic-size:auto_11rem] [content-visibility:auto]"
            >
              <button
                type="button"
                onClick={() => setOpenPost(post.id)}
                className="flex h-full w-full flex-col rounded-2xl border border-slate-200 bg-white p-4 text-left hover:border-slate-300"
                data-testid="post-card"
              >
                <span className="flex items-center justify-between text-xs text-slate-500">
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
                    {post.typeLabel}
                  </span>
                  {post.postedAt ? (
                    <time dateTime={post.postedAt}>{formatDate(post.postedAt)}</time>
                  ) : null}
                </span>
                <span className="mt-2 line-clamp-2 text-sm text-slate-800">
                  {post.caption || "No caption"}
                </span>
                <span className="mt-auto grid grid-cols-3 gap-2 pt-3 text-xs">
                  {(
                    [
                      ["Reach", post.reach, formatNumber],
                      ["Likes", post.likes, formatNumber],
                      ["Engagement", post.engagementRate, (v: number) => formatRatioPercent(v)],
                    ] as const
                  ).map(([label, value, format]) => (
                    <span key={label}>
                      <span className="block text-slate-500">{label}</span>
                      <span className="font-semibold tabular-nums text-slate-900">
                        <Metric value={value} format={format} />
                      </span>
                    </span>
                  ))}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[56rem] text-sm">
            <thead className="bg-slate-50 text-left text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Post
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
              {items.map((post) => (
                <tr
                  key={post.id}
                  data-testid="post-row"
                  onClick={() => setOpenPost(post.id)}
                  className="cursor-pointer hover:bg-slate-50 [contain-intrinsic-size:auto_3.5rem] [content-visibility:auto]"
                >
                  <td className="max-w-72 px-3 py-2">
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {post.typeLabel}
                    </span>
                    <button
                      type="button"
                      onClick={(event) => {
                        event.stopPropagation();
                        setOpenPost(post.id);
                      }}
                      className="mt-1 block w-full truncate text-left text-slate-800 hover:underline"
                    >
                      {post.caption || "No caption"}
                    </button>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right text-slate-600">
                    {post.postedAt ? (
                      <time dateTime={post.postedAt}>{formatDate(post.postedAt)}</time>
                    ) : (
                      "—"
                    )}
                  </td>
                  {(["reach", "views", "likes", "comments", "saves", "shares"] as MetricKey[]).map(
                    (key) => (
                      <td key={key} className="px-3 py-2 text-right tabular-nums" data-col={key}>
                        <Metric value={post[key]} />
                      </td>
                    ),
                  )}
                  <td className="px-3 py-2 text-right tabular-nums" data-col="engagement">
                    <Metric value={post.engagementRate} format={(v) => formatRatioPercent(v)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : null}
      {query.isError && items.length > 0 ? (
        <WidgetError
          message="More posts could not be loaded."
          onRetry={() => void query.fetchNextPage()}
        />
      ) : null}
      <PostBenchmarks period={range} timeZone={timeZone} onOpenPost={setOpenPost} />
      <PostDrawer postId={openPost} onClose={() => setOpenPost(null)} />
    </div>
  );
}
