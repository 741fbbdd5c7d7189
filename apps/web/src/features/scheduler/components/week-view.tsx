import { Sparkles } from "lucide-react";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { cn } from "../../../utils/cn.ts";
import type { BestTimeHint } from "../api/get-best-times.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { bestTimeText } from "../utils/best-time-text.ts";
import { localParts, weekDays, weekdayOf } from "../utils/calendar-math.ts";
import { cachedDateFormat } from "../utils/format-cache.ts";
import { localClock } from "../utils/local-clock.ts";
import { DRAG_TYPE, useCalendarActions } from "./calendar-context.ts";
import { PostChip } from "./calendar-post.tsx";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const VISIBLE_PER_SLOT = 2;
const noPosts: CalendarPost[] = [];
/** The week opens on the working day rather than at midnight (unless a post sits earlier). */
const FIRST_SHOWN_HOUR = 7;

function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, "0")}:00`;
}

const HourCell = memo(function HourCell({
  date,
  hour,
  posts,
  hint,
  isPast,
  onShowDay,
}: {
  date: string;
  hour: number;
  posts: readonly CalendarPost[];
  hint: BestTimeHint | undefined;
  isPast: boolean;
  onShowDay: (date: string) => void;
}) {
  const { today, dropPost, composeAt } = useCalendarActions();
  const [isOver, setOver] = useState(false);
  const hintText = hint && !isPast ? bestTimeText(hint) : undefined;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the keyboard has the day's + button and the header's New
    <td
      data-testid="calendar-slot"
      data-date={date}
      data-hour={hour}
      data-best-time={hintText ? "true" : undefined}
      title={hintText}
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
        if (id) dropPost(id, { date, hour });
      }}
      // An empty future hour opens the composer at it (the header's New is the keyboard's way).
      onClick={(event) => {
        if (isPast || !composeAt || (event.target as Element).closest("button")) return;
        composeAt(date, hour);
      }}
      className={cn(
        "relative h-11 border-b border-r border-slate-200 p-0.5 align-top",
        !isPast && composeAt && "cursor-pointer",
        hintText && "pr-4",
        isPast
          ? "bg-slate-50"
          : hintText
            ? "bg-emerald-50"
            : date === today
              ? "bg-brand-50/30"
              : "bg-white",
        isOver &&
          (isPast
            ? "bg-red-50 ring-2 ring-inset ring-red-300"
            : "bg-brand-50 ring-2 ring-inset ring-brand-400"),
      )}
    >
      {hintText ? (
        <span className="pointer-events-none absolute right-0.5 top-0.5 text-emerald-600">
          <Sparkles aria-hidden="true" className="size-3" />
          <span className="sr-only">{hintText}</span>
        </span>
      ) : null}
      <div className="flex min-w-0 flex-col gap-0.5">
        {posts.slice(0, VISIBLE_PER_SLOT).map((post) => (
          <PostChip key={post.id} post={post} />
        ))}
        {posts.length > VISIBLE_PER_SLOT ? (
          <button
            type="button"
            onClick={() => onShowDay(date)}
            className="rounded px-1 text-left text-[11px] font-semibold text-brand-700 hover:bg-brand-50"
          >
            +{posts.length - VISIBLE_PER_SLOT} more
          </button>
        ) : null}
      </div>
    </td>
  );
});

/** The week in hour rows, with the hours the account's data favours shaded. */
export function WeekView({
  anchor,
  posts,
  hints,
  onShowDay,
}: {
  anchor: string;
  posts: readonly CalendarPost[];
  hints: readonly BestTimeHint[];
  onShowDay: (date: string) => void;
}) {
  const { timeZone, today, now } = useCalendarActions();
  const days = useMemo(() => weekDays(anchor), [anchor]);
  // Once per render, not per cell: 168 cells each reading the clock through Intl added up.
  const currentHour = localParts(now, timeZone).hour;
  const bySlot = useMemo(() => {
    const slots = new Map<string, CalendarPost[]>();
    const times = posts.map((post) => Date.parse(post.time));
    const clock = localClock(timeZone, Math.min(...times), Math.max(...times));
    for (const [index, post] of posts.entries()) {
      const local = clock(times[index]!);
      const key = `${local.date}:${local.hour}`;
      const list = slots.get(key);
      if (list) list.push(post);
      else slots.set(key, [post]);
    }
    return slots;
  }, [posts, timeZone]);
  // On opening a week, bring its first busy hour (or 07:00) to the top instead of 00:00.
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollerRef = useRef<HTMLElement>(null);
  const firstHour = useMemo(() => {
    let first = FIRST_SHOWN_HOUR;
    for (const key of bySlot.keys()) {
      const [date, hour] = key.split(":");
      if (days.includes(date!) && Number(hour) < first) first = Number(hour);
    }
    return first;
  }, [bySlot, days]);
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (scrolledFor.current === anchor) return;
    scrolledFor.current = anchor;
    const scroller = scrollerRef.current;
    const row = tableRef.current?.querySelector<HTMLElement>(
      `tbody tr:nth-child(${firstHour + 1})`,
    );
    const head = tableRef.current?.querySelector<HTMLElement>("thead");
    if (!scroller || !row || !head) return;
    scroller.scrollTop = row.offsetTop - head.offsetHeight;
  }, [anchor, firstHour]);
  const hintBySlot = useMemo(
    () => new Map(hints.map((hint) => [`${hint.weekday}:${hint.hour}`, hint])),
    [hints],
  );
  const dayHeader = (date: string) =>
    cachedDateFormat("UTC", { weekday: "short", day: "numeric" }).format(
      new Date(`${date}T12:00:00Z`),
    );
  return (
    // The week scrolls inside its own frame, under its day headings, so they stay in sight.
    // Reachable by keyboard: a week with nothing focusable in it (no post, no free slot offered)
    // must still scroll without a mouse (axe's scrollable-region-focusable).
    <section
      ref={scrollerRef}
      data-testid="week-scroller"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be reachable by keyboard
      tabIndex={0}
      aria-label="Week, scrollable"
      className="max-h-[calc(100dvh-10.5rem)] min-h-80 overflow-auto focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table
        ref={tableRef}
        className="w-full min-w-[52rem] table-fixed border-separate border-spacing-0 border-slate-200"
      >
        <caption className="sr-only">Week</caption>
        <thead className="sticky top-0 z-10 bg-slate-50">
          <tr>
            <th scope="col" className="w-14 border-b border-r border-slate-200">
              <span className="sr-only">Hour</span>
            </th>
            {days.map((date) => (
              <th
                key={date}
                scope="col"
                className={cn(
                  "border-b border-r border-slate-200 px-2 py-1.5 text-left text-xs font-semibold text-slate-600",
                  date === today && "bg-brand-600 text-white",
                )}
              >
                {dayHeader(date)}
                {date === today ? <span className="ml-1 font-normal">· Today</span> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {HOURS.map((hour) => (
            <tr key={hour}>
              <th
                scope="row"
                className="border-b border-r border-slate-200 bg-slate-50 px-1.5 py-1 text-right align-top text-[11px] font-normal tabular-nums text-slate-500"
              >
                {hourLabel(hour)}
              </th>
              {days.map((date) => (
                <HourCell
                  key={date}
                  date={date}
                  hour={hour}
                  posts={bySlot.get(`${date}:${hour}`) ?? noPosts}
                  hint={hintBySlot.get(`${weekdayOf(date)}:${hour}`)}
                  isPast={date < today || (date === today && hour < currentHour)}
                  onShowDay={onShowDay}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
