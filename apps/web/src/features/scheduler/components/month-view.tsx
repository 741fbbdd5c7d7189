import { Plus } from "lucide-react";
import { memo, useMemo, useState } from "react";
import { cn } from "../../../utils/cn.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { monthGrid } from "../utils/calendar-math.ts";
import { cachedDateFormat } from "../utils/format-cache.ts";
import { groupByLocalDay } from "../utils/local-clock.ts";
import { DRAG_TYPE, useCalendarActions } from "./calendar-context.ts";
import { PostChip } from "./calendar-post.tsx";

/** Chips shown in a day cell; the rest behind "+N more". */
const VISIBLE_PER_DAY = 3;
export const weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const DayCell = memo(function DayCell({
  date,
  posts,
  isOtherMonth,
  onShowDay,
}: {
  date: string;
  posts: readonly CalendarPost[];
  isOtherMonth: boolean;
  onShowDay: (date: string) => void;
}) {
  const { today, dropPost, composeAt } = useCalendarActions();
  const [isOver, setOver] = useState(false);
  const isToday = date === today;
  const isPast = date < today;
  const label = cachedDateFormat("UTC", {
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(new Date(`${date}T12:00:00Z`));
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the keyboard has the day's + button and the header's New
    <td
      data-testid="calendar-day"
      data-date={date}
      data-today={isToday || undefined}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        // Dropping on the past is allowed so that it can be refused in words, not silently.
        event.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const id = event.dataTransfer.getData(DRAG_TYPE);
        if (id) dropPost(id, { date });
      }}
      // The empty part of a day opens the composer on it; the + button is the keyboard's way.
      onClick={(event) => {
        if (isPast || !composeAt || (event.target as Element).closest("button")) return;
        composeAt(date);
      }}
      className={cn(
        "group h-24 border-b border-r border-slate-200 p-0.5 align-top sm:h-28 sm:p-1.5",
        isPast || isOtherMonth ? "bg-slate-50" : "bg-white",
        !isPast && composeAt && "cursor-pointer",
        isOver &&
          (isPast
            ? "bg-red-50 ring-2 ring-inset ring-red-300"
            : "bg-brand-50 ring-2 ring-inset ring-brand-400"),
      )}
    >
      <div className="flex min-w-0 flex-col gap-0.5 sm:gap-1">
        <span className="flex items-center justify-between">
          <span
            className={cn(
              "flex size-6 items-center justify-center rounded-full text-xs font-semibold tabular-nums sm:size-7",
              isToday
                ? "bg-brand-600 text-white"
                : isOtherMonth
                  ? "text-slate-500"
                  : "text-slate-700",
            )}
          >
            <span aria-hidden="true">{Number(date.slice(8, 10))}</span>
            <span className="sr-only">
              {`${label}${isToday ? ", today" : ""}, ${posts.length} ${posts.length === 1 ? "post" : "posts"}`}
            </span>
          </span>
          <span className="flex items-center gap-1">
            {isToday ? (
              <span
                aria-hidden="true"
                className="hidden text-[11px] font-semibold text-brand-700 sm:inline"
              >
                Today
              </span>
            ) : null}
            {!isPast && composeAt ? (
              <button
                type="button"
                data-testid="compose-day"
                onClick={() => composeAt(date)}
                aria-label={`New post on ${label}`}
                className="hidden size-6 items-center justify-center rounded-md text-slate-500 opacity-0 hover:bg-brand-50 hover:text-brand-700 focus-visible:opacity-100 group-hover:opacity-100 sm:flex"
              >
                <Plus aria-hidden="true" className="size-4" />
              </button>
            ) : null}
          </span>
        </span>
        {posts.slice(0, VISIBLE_PER_DAY).map((post) => (
          <PostChip key={post.id} post={post} />
        ))}
        {posts.length > VISIBLE_PER_DAY ? (
          <button
            type="button"
            onClick={() => onShowDay(date)}
            className="truncate rounded px-0.5 text-left text-[11px] font-semibold text-brand-700 hover:bg-brand-50 sm:px-1 sm:text-xs"
          >
            +{posts.length - VISIBLE_PER_DAY} more
          </button>
        ) : null}
      </div>
    </td>
  );
});

const noPosts: CalendarPost[] = [];

/** The month as whole weeks; each day shows its first posts and how many more there are. */
export function MonthView({
  anchor,
  posts,
  onShowDay,
}: {
  anchor: string;
  posts: readonly CalendarPost[];
  onShowDay: (date: string) => void;
}) {
  const { timeZone } = useCalendarActions();
  const weeks = useMemo(() => monthGrid(anchor), [anchor]);
  const byDay = useMemo(() => groupByLocalDay(posts, timeZone), [posts, timeZone]);
  const month = anchor.slice(0, 7);
  return (
    // All seven days fit a phone (cells narrow, chips show the status icon and time); from
    // 640 px cells keep a readable minimum and the table scrolls sideways if it must.
    <div className="overflow-x-auto">
      <table className="w-full table-fixed border-separate border-spacing-0 border-slate-200 sm:min-w-[44rem]">
        <caption className="sr-only">Month</caption>
        <thead className="bg-slate-50">
          <tr>
            {weekdayNames.map((name) => (
              <th
                key={name}
                scope="col"
                className="border-b border-r border-slate-200 px-1 py-1.5 text-left text-[11px] font-semibold uppercase text-slate-600 sm:px-2 sm:text-xs sm:tracking-wide"
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => (
                <DayCell
                  key={date}
                  date={date}
                  posts={byDay.get(date) ?? noPosts}
                  isOtherMonth={!date.startsWith(month)}
                  onShowDay={onShowDay}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
