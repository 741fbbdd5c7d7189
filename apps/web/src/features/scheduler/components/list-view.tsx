import { useMemo } from "react";
import { cn } from "../../../utils/cn.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { groupByDay } from "../utils/calendar-math.ts";
import { useCalendarActions } from "./calendar-context.ts";
import { PostRow } from "./calendar-post.tsx";

export function dayHeading(date: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** Every post of the range by day; days off screen skip layout until scrolled to. */
export function ListView({ posts }: { posts: readonly CalendarPost[] }) {
  const { timeZone, today } = useCalendarActions();
  const days = useMemo(() => [...groupByDay(posts, timeZone)], [posts, timeZone]);
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
              {dayPosts.length} {dayPosts.length === 1 ? "post" : "posts"}
            </span>
          </h3>
          <ul className="bg-white">
            {dayPosts.map((post) => (
              <PostRow key={post.id} post={post} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
