import type { AnalyticsPeriodQuery } from "@sightline/contracts";
import { zonedParts, zonedTimeToInstant } from "@sightline/contracts";

const DAY_MS = 86_400_000;

/*
 * Which days a period covers is decided on the user's calendar (their "yesterday" ends a
 * preset, a post at 23:30 in their zone counts on that day). Daily account values are the
 * days Instagram closes them on (one row per day as synced); they are read by that date.
 */

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}

export function dayStart(day: string, timeZone = "UTC"): Date {
  return timeZone === "UTC"
    ? new Date(`${day}T00:00:00.000Z`)
    : zonedTimeToInstant(day, 0, 0, timeZone);
}

/** Today's date on the user's calendar. */
export function localToday(now: Date, timeZone: string): string {
  return zonedParts(now, timeZone).date;
}

export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  const last = Date.parse(`${to}T00:00:00.000Z`);
  for (let time = Date.parse(`${from}T00:00:00.000Z`); time <= last; time += DAY_MS) {
    days.push(utcDay(new Date(time)));
  }
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
export function resolvePeriod(query: AnalyticsPeriodQuery, now: Date, timeZone = "UTC"): Period {
  let from: string;
  let to: string;
  if (query.from !== undefined && query.to !== undefined) {
    from = query.from;
    to = query.to;
  } else {
    const days = Number(query.days ?? "28");
    to = addDays(localToday(now, timeZone), -1);
    from = addDays(to, -(days - 1));
  }
  const days = daysInclusive(from, to);
  const previousTo = addDays(from, -1);
  return { from, to, days, previous: { from: addDays(previousTo, -(days - 1)), to: previousTo } };
}
