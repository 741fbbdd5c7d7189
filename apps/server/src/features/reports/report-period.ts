import type { ClientReportFrequencyValue } from "@sightline/contracts";
import { zonedParts } from "@sightline/contracts";
import { addDays } from "../analytics/index.ts";

export type ReportPeriod = { from: string; to: string; label: string };

const monthNames = new Intl.DateTimeFormat("en", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const dayNames = new Intl.DateTimeFormat("en", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

function utc(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function periodLabel(from: string, to: string): string {
  const start = utc(from);
  const end = utc(to);
  const lastOfMonth = addDays(to, 1).slice(8) === "01";
  if (from.slice(8) === "01" && lastOfMonth && from.slice(0, 7) === to.slice(0, 7)) {
    return monthNames.format(start);
  }
  return `${dayNames.format(start)} – ${dayNames.format(end)}`;
}

/**
 * The last complete period on the report's calendar: the week Monday to Sunday before this
 * one, or the calendar month before this one. A period is only ever sent once it has ended.
 */
export function lastCompletePeriod(
  frequency: ClientReportFrequencyValue,
  now: Date,
  timeZone: string,
): ReportPeriod {
  const today = zonedParts(now, timeZone).date;
  if (frequency === "weekly") {
    // getUTCDay of the local date: 0 Sunday … 6 Saturday; Monday of this week, then a week back.
    const weekday = utc(today).getUTCDay();
    const thisMonday = addDays(today, -((weekday + 6) % 7));
    const from = addDays(thisMonday, -7);
    const to = addDays(thisMonday, -1);
    return { from, to, label: periodLabel(from, to) };
  }
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  const to = addDays(firstOfThisMonth, -1);
  const from = `${to.slice(0, 7)}-01`;
  return { from, to, label: periodLabel(from, to) };
}
