import type { AnalyticsPeriodQuery } from "@sightline/contracts";

const DAY_MS = 86_400_000;

/*
 * Days are UTC days for now: the sync stores one row per UTC day (Instagram's end_time closes a
 * UTC day). Counting on the user's own days (profile time zone) is a follow-up of issue 16.
 */

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}

export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function daysInclusive(from: string, to: string): number {
  return Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1;
}

export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface Period {
  from: string;
  to: string;
  days: number;
  previous: { from: string; to: string };
}

/**
 * A preset period ends with yesterday: today's figures are still coming in and the sync stores
 * only complete days, so including today would always end the chart on a missing day.
 */
export function resolvePeriod(query: AnalyticsPeriodQuery, now: Date): Period {
  let from: string;
  let to: string;
  if (query.from !== undefined && query.to !== undefined) {
    from = query.from;
    to = query.to;
  } else {
    const days = Number(query.days ?? "28");
    to = addDays(utcDay(now), -1);
    from = addDays(to, -(days - 1));
  }
  const days = daysInclusive(from, to);
  const previousTo = addDays(from, -1);
  return { from, to, days, previous: { from: addDays(previousTo, -(days - 1)), to: previousTo } };
}
