import {
  type AnalyticsPostListItem,
  type AnalyticsPostSort,
  type AnalyticsPostType,
  analyticsPostTypeLabels,
  analyticsPostTypes,
} from "@sightline/contracts";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Select } from "../../../components/ui/input.tsx";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { type AnalyticsPostsFilter, useAnalyticsPosts } from "../api/list-analytics-posts.ts";
import { formatNumber, formatRatioPercent } from "../utils/format.ts";
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

export function PostPerformanceTable() {
  const [sort, setSort] = useState<AnalyticsPostSort>("posted_at");
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const [type, setType] = useState<AnalyticsPostType | "">("");
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const filter: AnalyticsPostsFilter = {
    sort,
    order,
    ...(type ? { type } : {}),
    ...(q ? { q } : {}),
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
                <tr key={post.id} data-testid="post-row">
                  <td className="max-w-72 px-3 py-2">
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {post.typeLabel}
                    </span>
                    <p className="mt-1 truncate text-slate-800">{post.caption || "No caption"}</p>
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
    </div>
  );
}
