import { localParts } from "./calendar-math.ts";

const DAY_MS = 86_400_000;
/** Beyond this the range is not a calendar view's; each instant is then asked of Intl. */
const MAX_RANGE_DAYS = 120;

export type LocalClock = (instant: number) => { date: string; hour: number };

/** The zone's offset from UTC at `instant`, in ms (minute precision, as zones have). */
function offsetAt(instant: number, timeZone: string): number {
  const local = localParts(new Date(instant), timeZone);
  const [year, month, day] = local.date.split("-").map(Number) as [number, number, number];
  return (
    Date.UTC(year, month - 1, day, local.hour, local.minute) - Math.floor(instant / 60_000) * 60_000
  );
}

/**
 * The local day and hour of instants in [from, to], cheaply: Intl is slow (a few µs to tens of
 * µs each), and a calendar places thousands of posts. When the zone's offset is the same at every
 * UTC midnight of the range, no change of offset happens inside it (zones change at most twice
 * a year, never twice in a day), so one offset places every instant. Otherwise, or for a range
 * longer than a calendar shows, each instant is asked of Intl.
 */
export function localClock(timeZone: string, from: number, to: number): LocalClock {
  const exact: LocalClock = (instant) => {
    const local = localParts(new Date(instant), timeZone);
    return { date: local.date, hour: local.hour };
  };
  if (!(to >= from) || to - from > MAX_RANGE_DAYS * DAY_MS) return exact;
  const offset = offsetAt(from, timeZone);
  for (let midnight = Math.floor(from / DAY_MS + 1) * DAY_MS; midnight <= to; midnight += DAY_MS) {
    if (offsetAt(midnight, timeZone) !== offset) return exact;
  }
  if (offsetAt(to, timeZone) !== offset) return exact;
  return (instant) => {
    const shifted = new Date(instant + offset);
    return { date: shifted.toISOString().slice(0, 10), hour: shifted.getUTCHours() };
  };
}

/** Posts grouped by their local day, in the order given (as calendar-math's groupByDay). */
export function groupByLocalDay<T extends { time: string }>(
  posts: readonly T[],
  timeZone: string,
): Map<string, T[]> {
  const times = posts.map((post) => Date.parse(post.time));
  const clock = localClock(timeZone, Math.min(...times), Math.max(...times));
  const days = new Map<string, T[]>();
  posts.forEach((post, index) => {
    const { date } = clock(times[index]!);
    const list = days.get(date);
    if (list) list.push(post);
    else days.set(date, [post]);
  });
  return days;
}
