/**
 * Wall-clock dates and times in an IANA time zone, without a library — the one copy the server
 * (publishing, analytics), the composer and the content scheduler share. Intl gives a zone's
 * offset at an instant; a wall-clock time maps to the instant whose offset agrees with it.
 *
 * Dates are `YYYY-MM-DD` calendar days (no zone of their own); instants are UTC `Date`s.
 * Daylight-saving rules (spec §5 "calendar rules" act on these):
 * - a time skipped by a spring-forward lands later by the size of the gap (02:30 on the
 *   Europe/Berlin change day is 03:30 CEST; a 30-minute shift moves it 30 minutes);
 * - a time that occurs twice in the autumn is its first occurrence (the earlier instant).
 */

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

/** Whether `value` names a time zone this runtime knows (IANA names such as "Europe/Berlin"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** A time on a clock in some zone: a calendar day, an hour 0–23 and a minute 0–59. */
export interface WallTime {
  /** YYYY-MM-DD. */
  date: string;
  hour: number;
  minute: number;
}

export interface ZonedParts extends WallTime {
  /** 0 = Sunday … 6 = Saturday, in the zone. */
  weekday: number;
}

function rawParts(instant: number, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    parts[part.type] = part.value;
  }
  return parts;
}

/** The calendar day, weekday, hour and minute a clock in `timeZone` shows at `instant`. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts = rawParts(instant.getTime(), timeZone);
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, weekday: weekdayOf(date), hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** The zone's offset from UTC at `instant`, in milliseconds (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = rawParts(instant, timeZone);
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

const DAY_MS = 86_400_000;

/**
 * The instant a clock in `timeZone` shows `date` `hour`:`minute` (see the daylight-saving rules
 * above). The zone's offsets a day either side cover any change on that day.
 */
export function zonedTimeToInstant(
  date: string,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const before = wall - offsetAt(wall - DAY_MS, timeZone);
  const after = wall - offsetAt(wall + DAY_MS, timeZone);
  const shows = (candidate: number) => {
    const parts = zonedParts(new Date(candidate), timeZone);
    return parts.date === date && parts.hour === hour && parts.minute === minute;
  };
  const valid = [before, after].filter(shows);
  // Repeated autumn time: both are valid and the earlier is the first. Skipped spring time:
  // neither is, and the offset before the change moves it forward by the gap.
  return new Date(valid.length > 0 ? Math.min(...valid) : before);
}

/** `date` plus `days`, as YYYY-MM-DD (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday for a calendar date. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}
