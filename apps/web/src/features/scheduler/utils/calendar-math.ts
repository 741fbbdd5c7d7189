/**
 * Calendar arithmetic for the content scheduler. Dates are `YYYY-MM-DD` strings in the user's
 * time zone (calendar days, no zone of their own); instants are UTC `Date`s. Weeks run Monday to
 * Sunday.
 */

export type CalendarView = "month" | "week" | "list";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

export type LocalParts = { date: string; hour: number; minute: number };

/** The calendar day, hour and minute an instant shows on a clock in `timeZone`. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

function offsetAt(instant: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    parts[part.type] = part.value;
  }
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a clock in `timeZone` shows `date` `hour`:`minute`. Two passes settle a
 * daylight-saving change; a time skipped by a spring-forward lands an hour later, and one that
 * occurs twice in the autumn is its first occurrence.
 */
export function localToInstant(date: string, hour: number, minute: number, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offsets a day either side cover any change on this day.
  const before = wall - offsetAt(wall - 86_400_000, timeZone);
  const after = wall - offsetAt(wall + 86_400_000, timeZone);
  const valid = [before, after].filter((candidate) => {
    const parts = localParts(new Date(candidate), timeZone);
    return parts.date === date && parts.hour === hour && parts.minute === minute;
  });
  // Repeated autumn hour: both are valid, the earlier is the first. Skipped spring hour: none is,
  // and the offset before the change moves the time forward by the gap.
  return new Date(valid.length > 0 ? Math.min(...valid) : before);
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function addMonths(date: string, months: number): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The Monday on or before `date`. */
export function startOfWeek(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** The seven days of the week `date` falls in, Monday first. */
export function weekDays(date: string): string[] {
  const monday = startOfWeek(date);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/**
 * The month of `date` as whole weeks (Monday–Sunday), with the days of the neighbouring months
 * that complete the first and last week: four to six rows of seven.
 */
export function monthGrid(date: string): string[][] {
  const first = startOfMonth(date);
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  for (let monday = startOfWeek(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(weekDays(monday));
  }
  return weeks;
}

/** The days a view shows around `anchor`: every cell of the month grid, the week, or the month. */
export function visibleDays(view: CalendarView, anchor: string): { first: string; last: string } {
  if (view === "week") {
    const days = weekDays(anchor);
    return { first: days[0]!, last: days[6]! };
  }
  if (view === "month") {
    const grid = monthGrid(anchor);
    return { first: grid[0]![0]!, last: grid.at(-1)![6]! };
  }
  const first = startOfMonth(anchor);
  return { first, last: addDays(addMonths(first, 1), -1) };
}

/** The instants [from, to) that cover whole local days `first`..`last` in `timeZone`. */
export function dayRange(first: string, last: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: localToInstant(first, 0, 0, timeZone),
    to: localToInstant(addDays(last, 1), 0, 0, timeZone),
  };
}

/** Where a view goes with Previous (-1) and Next (+1). */
export function stepAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  return view === "week" ? addDays(anchor, 7 * step) : addMonths(anchor, step);
}

/**
 * The instant a post dropped on a day (month view: it keeps its local time of day) or on an
 * hour (week view: it keeps its minutes) goes out at.
 */
export function dropTargetInstant(
  original: Date,
  target: { date: string; hour?: number },
  timeZone: string,
): Date {
  const local = localParts(original, timeZone);
  return localToInstant(target.date, target.hour ?? local.hour, local.minute, timeZone);
}

/** Posts grouped by their local day (and kept in the order given). */
export function groupByDay<T extends { time: string }>(
  posts: readonly T[],
  timeZone: string,
): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const post of posts) {
    const { date } = localParts(new Date(post.time), timeZone);
    const list = days.get(date);
    if (list) list.push(post);
    else days.set(date, [post]);
  }
  return days;
}

/** Spec §9: the composer's default time is 10:00. */
export const DEFAULT_SCHEDULE_HOUR = 10;
