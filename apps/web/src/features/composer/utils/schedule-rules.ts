import { addDays, type WallTime, zonedParts } from "@sightline/contracts";

/** Spec §9: the default schedule time. */
export const DEFAULT_SCHEDULE_HOUR = 10;
export const DEFAULT_SCHEDULE_MINUTE = 0;
/** Spec §9: the calendar's search for an enabled date gives up after 365 tries. */
export const ENABLED_DATE_SEARCH_LIMIT = 365;

export const SELECT_A_DATE = "Please select a date.";
export const SCHEDULE_IN_PAST = "Cannot schedule post in the past";

/** Spec §5: days before today (in the user's zone) are disabled. */
export function isDayDisabled(date: string, today: string): boolean {
  return date < today;
}

/** Spec §5: for today, hours before the current hour are disabled. */
export function isHourDisabled(date: string, hour: number, now: WallTime): boolean {
  if (date < now.date) return true;
  if (date > now.date) return false;
  // The current hour is usable only while one of its minutes is still ahead.
  return hour < now.hour || (hour === now.hour && now.minute >= 59);
}

/** Spec §5: in the current hour of today, minutes up to the current minute are disabled. */
export function isMinuteDisabled(
  date: string,
  hour: number,
  minute: number,
  now: WallTime,
): boolean {
  if (isHourDisabled(date, hour, now)) return true;
  return date === now.date && hour === now.hour && minute <= now.minute;
}

/**
 * Spec §5: choosing the current hour bumps the minute above the current one. More generally:
 * the time moved forward to the first moment the sheet allows on that day (or kept).
 */
export function adjustTime(
  date: string,
  time: { hour: number; minute: number },
  now: WallTime,
): { hour: number; minute: number } {
  if (date !== now.date) return time;
  if (time.hour > now.hour) return time;
  if (time.hour === now.hour && time.minute > now.minute) return time;
  if (now.minute < 59) {
    if (time.hour === now.hour) return { hour: now.hour, minute: now.minute + 1 };
    return { hour: now.hour, minute: Math.max(time.minute, now.minute + 1) };
  }
  // 23:59 leaves nothing today; the caller sees the hour is disabled.
  return now.hour < 23 ? { hour: now.hour + 1, minute: 0 } : time;
}

/**
 * The first date from `start` on that `isDisabled` allows, trying at most 365 days (spec §9);
 * undefined when none is found.
 */
export function findEnabledDate(
  start: string,
  isDisabled: (date: string) => boolean,
): string | undefined {
  let date = start;
  for (let tries = 0; tries < ENABLED_DATE_SEARCH_LIMIT; tries++) {
    if (!isDisabled(date)) return date;
    date = addDays(date, 1);
  }
  return undefined;
}

/** Whether the chosen wall time is still ahead of now (spec §5: must be in the future). */
export function isInFuture(choice: WallTime, now: WallTime): boolean {
  const key = (t: WallTime) =>
    `${t.date}T${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}`;
  return key(choice) > key(now);
}

export function nowInZone(now: Date, timeZone: string): WallTime {
  const { date, hour, minute } = zonedParts(now, timeZone);
  return { date, hour, minute };
}

/** The weeks of the month that holds `month` (YYYY-MM), Sunday first, null for blanks. */
export function monthGrid(month: string): (string | null)[][] {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, monthNumber - 1, 1));
  const days = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: first.getUTCDay() }, () => null);
  for (let day = 1; day <= days; day++) {
    cells.push(`${month}-${String(day).padStart(2, "0")}`);
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** YYYY-MM of the month after (or before, with -1) `month`. */
export function addMonths(month: string, delta: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const next = new Date(Date.UTC(year, monthNumber - 1 + delta, 1));
  return next.toISOString().slice(0, 7);
}
