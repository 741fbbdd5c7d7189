import type { WallTime } from "@sightline/contracts";
import { DEFAULT_SCHEDULE_HOUR } from "./calendar-math.ts";

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The time the composer starts at when an empty day or hour slot is clicked (issue 14 point 5):
 * the slot's hour, or 10:00 for a day (spec §9). Today, a time already gone moves to the next
 * quarter hour of that hour (day: of the current hour); undefined when nothing of it is left.
 */
export function composeTime(
  date: string,
  hour: number | undefined,
  now: WallTime,
): string | undefined {
  if (date < now.date) return undefined;
  const wanted = hour ?? DEFAULT_SCHEDULE_HOUR;
  if (date > now.date || wanted > now.hour) return `${pad(wanted)}:00`;
  if (hour !== undefined && hour < now.hour) return undefined;
  const quarter = Math.floor(now.minute / 15) * 15 + 15;
  if (quarter < 60) return `${pad(now.hour)}:${pad(quarter)}`;
  // The next full hour: fine for a day click; past the slot for an hour click.
  if (hour !== undefined || now.hour === 23) return undefined;
  return `${pad(now.hour + 1)}:00`;
}
