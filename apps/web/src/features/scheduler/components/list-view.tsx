import { useMemo } from "react";
import { cn } from "../../../utils/cn.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { useWindowList } from "../hooks/use-window-list.ts";
import { cachedDateFormat } from "../utils/format-cache.ts";
import { groupByLocalDay } from "../utils/local-clock.ts";
import { useCalendarActions } from "./calendar-context.ts";
import { PostRow } from "./calendar-post.tsx";

export function dayHeading(date: string): string {
  return cachedDateFormat("UTC", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(`${date}T12:00:00Z`));
}

type ListRow =
  | { kind: "day"; date: string; count: number }
  | { kind: "post"; date: string; post: CalendarPost };

const rowKey = (row: ListRow) => (row.kind === "day" ? `day:${row.date}` : row.post.id);
/** Heights before a row is measured (a day heading; a post row with its 48 px thumbnail). */
const rowEstimate = (row: ListRow) => (row.kind === "day" ? 33 : 73);

/**
 * Every post of the range by day, as one list scrolled by the page: only the rows near the
 * screen are drawn (issue 14: 2,000 posts stay fast), each day's heading before its posts.
 */
export function ListView({ posts }: { posts: readonly CalendarPost[] }) {
  const { timeZone, today } = useCalendarActions();
  const rows = useMemo(() => {
    const list: ListRow[] = [];
    for (const [date, dayPosts] of groupByLocalDay(posts, timeZone)) {
      list.push({ kind: "day", date, count: dayPosts.length });
      for (const post of dayPosts) list.push({ kind: "post", date, post });
    }
    return list;
  }, [posts, timeZone]);
  const { containerRef, measureRef, start, end, padTop, padBottom } = useWindowList({
    rows,
    keyOf: rowKey,
    estimate: rowEstimate,
  });
  if (rows.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-slate-600">
        No posts in this month with these filters.
      </p>
    );
  }
  return (
    <ul
      ref={containerRef}
      aria-label={`${posts.length} ${posts.length === 1 ? "post" : "posts"}`}
      style={{ paddingTop: padTop, paddingBottom: padBottom }}
      className="bg-white"
    >
      {rows.slice(start, end).map((row) =>
        row.kind === "day" ? (
          <li
            key={rowKey(row)}
            ref={measureRef}
            data-row-key={rowKey(row)}
            data-testid="calendar-list-day"
            data-date={row.date}
          >
            <h3
              className={cn(
                "border-y border-slate-200 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600",
                row.date === today && "text-brand-700",
              )}
            >
              {dayHeading(row.date)}
              {row.date === today ? " · Today" : ""}
              <span className="ml-2 font-normal normal-case text-slate-500">
                {row.count} {row.count === 1 ? "post" : "posts"}
              </span>
            </h3>
          </li>
        ) : (
          <PostRow key={rowKey(row)} post={row.post} measureRef={measureRef} />
        ),
      )}
    </ul>
  );
}
