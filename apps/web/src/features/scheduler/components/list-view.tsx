import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "../../../utils/cn.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { groupByDay } from "../utils/calendar-math.ts";
import { cachedDateFormat } from "../utils/format-cache.ts";
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

/** Posts drawn at first; more follow as the end of the list scrolls into view. */
const FIRST_BATCH = 150;
const NEXT_BATCH = 300;

/**
 * Every post of the range by day. Thousands of rows are drawn in batches as the reader scrolls
 * (or presses Show more), so the first paint stays fast.
 */
export function ListView({ posts }: { posts: readonly CalendarPost[] }) {
  const { timeZone, today } = useCalendarActions();
  const [limit, setLimit] = useState(FIRST_BATCH);
  const sentinel = useRef<HTMLDivElement>(null);
  const allDays = useMemo(() => [...groupByDay(posts, timeZone)], [posts, timeZone]);
  const days = useMemo(() => {
    const shown: Array<[string, CalendarPost[]]> = [];
    let count = 0;
    for (const [date, dayPosts] of allDays) {
      if (count >= limit) break;
      shown.push([date, dayPosts.slice(0, limit - count)]);
      count += dayPosts.length;
    }
    return shown;
  }, [allDays, limit]);
  const hasMore = posts.length > limit;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setLimit((value) => value + NEXT_BATCH);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore]);
  if (days.length === 0) {
    return (
      <p className="px-4 py-10 text-center text-sm text-slate-600">
        No posts in this month with these filters.
      </p>
    );
  }
  return (
    <div className="divide-y divide-slate-200">
      {days.map(([date, dayPosts]) => (
        <section
          key={date}
          aria-labelledby={`day-${date}`}
          data-testid="calendar-list-day"
          data-date={date}
          className="[contain-intrinsic-size:auto_20rem] [content-visibility:auto]"
        >
          <h3
            id={`day-${date}`}
            className={cn(
              "sticky top-0 z-[1] bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600",
              date === today && "text-brand-700",
            )}
          >
            {dayHeading(date)}
            {date === today ? " · Today" : ""}
            <span className="ml-2 font-normal normal-case text-slate-500">
              {allDaysCount(allDays, date)}
            </span>
          </h3>
          <ul className="bg-white">
            {dayPosts.map((post) => (
              <PostRow key={post.id} post={post} />
            ))}
          </ul>
        </section>
      ))}
      {hasMore ? (
        <div ref={sentinel} className="px-4 py-4 text-center">
          <button
            type="button"
            onClick={() => setLimit((value) => value + NEXT_BATCH)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Show more ({posts.length - limit} left)
          </button>
        </div>
      ) : null}
    </div>
  );
}

function allDaysCount(days: ReadonlyArray<[string, CalendarPost[]]>, date: string): string {
  const count = days.find(([day]) => day === date)?.[1].length ?? 0;
  return `${count} ${count === 1 ? "post" : "posts"}`;
}
