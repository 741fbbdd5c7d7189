/**
 * Calendar arithmetic for the content scheduler. Dates are `YYYY-MM-DD` strings in the user's
 * time zone (calendar days, no zone of their own); instants are UTC `Date`s. Weeks run Monday to
 * Sunday.
 */

import {
  addDays,
  zonedParts as localParts,
  zonedTimeToInstant as localToInstant,
  weekdayOf,
} from "@sightline/contracts";

export type CalendarView = "month" | "week" | "list";

/*
 * The time-zone arithmetic is the shared one in @sightline/contracts (zoned-time.ts), which the
 * composer and the server use too. The scheduler's names for it stay so its callers need not
 * change: localParts = zonedParts, localToInstant = zonedTimeToInstant.
 */
export {
  addDays,
  weekdayOf,
  type ZonedParts as LocalParts,
  zonedParts as localParts,
  zonedTimeToInstant as localToInstant,
} from "@sightline/contracts";

export function addMonths(date: string, months: number): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
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
