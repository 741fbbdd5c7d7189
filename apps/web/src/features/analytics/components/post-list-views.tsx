import type { AnalyticsPostListItem, AnalyticsPostSort } from "@sightline/contracts";
import { ArrowDown, ArrowUp } from "lucide-react";
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { formatNumber, formatRatioPercent } from "../utils/format.ts";
import { gridColumns, visibleRange } from "../utils/virtual-rows.ts";
import { PostThumbnail } from "./post-thumbnail.tsx";
import { formatDate } from "./top-posts.tsx";

/** A post's figures lag the live post: each cell says when they were read. */
function asOfTitle(iso: string | null): string {
  return iso
    ? `As of ${dateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))}`
    : "Not read from Instagram yet";
}

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

export function Metric({
  value,
  format = formatNumber,
}: {
  value: number | null;
  format?: (v: number) => string;
}) {
  if (value === null) {
    return (
      <span title={NOT_AVAILABLE} className="text-slate-500">
        —<span className="sr-only"> (not available)</span>
      </span>
    );
  }
  return <span>{format(value)}</span>;
}

export interface PostListPaging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
}

/** Rows from the end at which the next keyset page is asked for. */
const LOAD_AHEAD = 15;

/**
 * A scroll box that tells its children which slice of a fixed-height list is in view, and asks
 * for the next page as its end comes near. `resetKey` changes (new filter or sort) scroll it back
 * to the top.
 */
function useVirtualScroller(options: {
  count: number;
  rowHeight: number;
  offset?: number;
  resetKey: string;
  paging: PostListPaging;
}) {
  const scroller = useRef<HTMLElement>(null);
  const [viewport, setViewport] = useState({ scrollTop: 0, height: 640, width: 1024 });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () =>
      setViewport({
        scrollTop: element.scrollTop,
        height: element.clientHeight,
        width: element.clientWidth,
      });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list is a new one
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setViewport((current) => ({ ...current, scrollTop: 0 }));
  }, [options.resetKey]);
  const range = visibleRange({
    count: options.count,
    rowHeight: options.rowHeight,
    scrollTop: viewport.scrollTop - (options.offset ?? 0),
    viewportHeight: viewport.height,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = options.paging;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && range.end >= options.count - LOAD_AHEAD) {
      fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, range.end, options.count, fetchNextPage]);
  const onScroll = (event: React.UIEvent<HTMLElement>) => {
    const element = event.currentTarget;
    setViewport({
      scrollTop: element.scrollTop,
      height: element.clientHeight,
      width: element.clientWidth,
    });
  };
  return { scroller, onScroll, range, width: viewport.width };
}

function LoadingMore({ paging, count }: { paging: PostListPaging; count: number }) {
  return (
    <p role="status" className="py-2 text-center text-xs text-slate-500">
      {paging.isFetchingNextPage
        ? "Loading more posts…"
        : paging.hasNextPage
          ? `${formatNumber(count)} posts loaded; scroll for more.`
          : `All ${formatNumber(count)} posts.`}
    </p>
  );
}

const ROW_HEIGHT = 64;
const HEADER_HEIGHT = 36;

/** The post table: only the rows in view are in the DOM; the next page loads on scroll. */
export function VirtualPostTable({
  items,
  sort,
  order,
  onSort,
  onOpen,
  paging,
  resetKey,
}: {
  items: AnalyticsPostListItem[];
  sort: AnalyticsPostSort;
  order: "asc" | "desc";
  onSort: (column: AnalyticsPostSort) => void;
  onOpen: (id: string) => void;
  paging: PostListPaging;
  resetKey: string;
}) {
  const { scroller, onScroll, range } = useVirtualScroller({
    count: items.length,
    rowHeight: ROW_HEIGHT,
    offset: HEADER_HEIGHT,
    resetKey,
    paging,
  });
  const spacer = (height: number, key: string): ReactNode =>
    height > 0 ? (
      <tr key={key} style={{ height }}>
        <td colSpan={COLUMNS.length + 1} />
      </tr>
    ) : null;
  return (
    <div>
      <section
        ref={scroller}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be reachable by keyboard
        tabIndex={0}
        aria-label="Posts table, scrollable"
        className="relative max-h-[70vh] min-h-64 overflow-auto rounded-2xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
        data-testid="post-table-scroller"
      >
        <table
          className="w-full min-w-[46rem] table-fixed text-sm md:min-w-[60rem]"
          aria-rowcount={items.length + 1}
          data-rendered-rows={range.end - range.start}
        >
          <colgroup>
            <col className="w-44 md:w-80" />
            <col className="w-24 md:w-28" />
            {COLUMNS.slice(1).map((column) => (
              <col key={column.sort} />
            ))}
          </colgroup>
          <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs text-slate-600 shadow-[inset_0_-1px_0_#e2e8f0]">
            <tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
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
                    onClick={() => onSort(column.sort)}
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
            {spacer(range.start * ROW_HEIGHT, "before")}
            {items.slice(range.start, range.end).map((post, offset) => (
              <tr
                key={post.id}
                aria-rowindex={range.start + offset + 2}
                data-testid="post-row"
                onClick={() => onOpen(post.id)}
                style={{ height: ROW_HEIGHT }}
                className="cursor-pointer hover:bg-slate-50"
              >
                <td className="px-3 py-1.5">
                  <span className="flex items-center gap-3">
                    <PostThumbnail id={post.id} type={post.type} className="size-9 md:size-11" />
                    <span className="min-w-0 flex-1">
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                        {post.typeLabel}
                      </span>
                      <button
                        type="button"
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(post.id);
                        }}
                        className="mt-1 block w-full truncate text-left text-slate-800 hover:underline"
                      >
                        {post.caption || "No caption"}
                      </button>
                    </span>
                  </span>
                </td>
                <td className="whitespace-nowrap px-3 py-1.5 text-right text-slate-600">
                  {post.postedAt ? (
                    <time dateTime={post.postedAt}>{formatDate(post.postedAt)}</time>
                  ) : (
                    "—"
                  )}
                </td>
                {(["reach", "views", "likes", "comments", "saves", "shares"] as MetricKey[]).map(
                  (key) => (
                    <td
                      key={key}
                      className="px-3 py-1.5 text-right tabular-nums"
                      data-col={key}
                      title={asOfTitle(post.metricsAsOf)}
                    >
                      <Metric value={post[key]} />
                    </td>
                  ),
                )}
                <td
                  className="px-3 py-1.5 text-right tabular-nums"
                  data-col="engagement"
                  title={asOfTitle(post.metricsAsOf)}
                >
                  <Metric value={post.engagementRate} format={(v) => formatRatioPercent(v)} />
                </td>
              </tr>
            ))}
            {spacer((items.length - range.end) * ROW_HEIGHT, "after")}
          </tbody>
        </table>
      </section>
      <LoadingMore paging={paging} count={items.length} />
    </div>
  );
}

const CARD_HEIGHT = 300;
const GAP = 12;

/** The post grid: rows of cards, only the rows in view in the DOM; more load on scroll. */
export function VirtualPostGrid({
  items,
  onOpen,
  paging,
  resetKey,
}: {
  items: AnalyticsPostListItem[];
  onOpen: (id: string) => void;
  paging: PostListPaging;
  resetKey: string;
}) {
  const [columns, setColumns] = useState(3);
  const rowCount = Math.ceil(items.length / columns);
  const {
    scroller,
    onScroll,
    range,
    width: boxWidth,
  } = useVirtualScroller({
    count: rowCount,
    rowHeight: CARD_HEIGHT + GAP,
    resetKey,
    paging,
  });
  useEffect(() => setColumns(gridColumns(boxWidth)), [boxWidth]);
  const cards: ReactNode[] = [];
  const width = `(100% - ${(columns - 1) * GAP}px) / ${columns}`;
  for (
    let index = range.start * columns;
    index < Math.min(items.length, range.end * columns);
    index++
  ) {
    const post = items[index];
    if (!post) continue;
    const column = index % columns;
    cards.push(
      <li
        key={post.id}
        className="absolute"
        style={{
          top: Math.floor(index / columns) * (CARD_HEIGHT + GAP),
          left: `calc(${column} * (${width} + ${GAP}px))`,
          width: `calc(${width})`,
          height: CARD_HEIGHT,
        }}
      >
        <PostCard post={post} onOpen={onOpen} />
      </li>,
    );
  }
  return (
    <div>
      <section
        ref={scroller}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be reachable by keyboard
        tabIndex={0}
        aria-label="Posts grid, scrollable"
        className="max-h-[75vh] min-h-80 overflow-y-auto rounded-2xl focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ul
          aria-label="Posts"
          data-testid="post-grid"
          data-rendered-rows={range.end - range.start}
          className="relative"
          style={{ height: Math.max(0, rowCount * (CARD_HEIGHT + GAP) - GAP) }}
        >
          {cards}
        </ul>
      </section>
      <LoadingMore paging={paging} count={items.length} />
    </div>
  );
}

function PostCard({ post, onOpen }: { post: AnalyticsPostListItem; onOpen: (id: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(post.id)}
      className="flex h-full w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white text-left hover:border-slate-300"
      data-testid="post-card"
    >
      <PostThumbnail id={post.id} type={post.type} className="h-36 w-full rounded-none" />
      <span className="flex min-h-0 flex-1 flex-col p-3">
        <span className="flex items-center justify-between text-xs text-slate-500">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
            {post.typeLabel}
          </span>
          {post.postedAt ? <time dateTime={post.postedAt}>{formatDate(post.postedAt)}</time> : null}
        </span>
        <span className="mt-2 line-clamp-2 text-sm text-slate-800">
          {post.caption || "No caption"}
        </span>
        <span className="mt-auto grid grid-cols-3 gap-2 pt-2 text-xs">
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
      </span>
    </button>
  );
}
