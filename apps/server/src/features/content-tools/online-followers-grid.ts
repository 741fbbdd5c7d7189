import { zonedParts } from "@sightline/contracts";

/** Followers online on one UTC day (Instagram's `online_followers`: UTC hour "0"–"23" → count). */
export type OnlineFollowersDay = { day: string; hours: Record<string, number> };

/** [weekday 0 = Sunday … 6][local hour 0–23]. */
export type WeekHourGrid<T> = T[][];

/**
 * Online followers averaged per local weekday and hour in `timeZone`: each stored UTC hour is
 * moved to the zone's wall clock (daylight-saving changes included) and the hours landing on
 * the same weekday and hour are averaged. Undefined where no stored hour lands, never 0.
 * The one place this happens: Audience Insights' heatmap and the optimal-times score read it.
 */
export function onlineFollowersGrid(
  days: readonly OnlineFollowersDay[],
  timeZone: string,
): WeekHourGrid<number | undefined> {
  const sums = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const { day, hours } of days) {
    for (const [hourText, value] of Object.entries(hours)) {
      const hour = Number(hourText);
      if (!Number.isInteger(hour) || hour < 0 || hour > 23 || !Number.isFinite(value)) continue;
      const local = zonedParts(
        new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`),
        timeZone,
      );
      sums[local.weekday]![local.hour]! += value;
      counts[local.weekday]![local.hour]! += 1;
    }
  }
  return sums.map((row, weekday) =>
    row.map((sum, hour) => {
      const n = counts[weekday]![hour]!;
      return n === 0 ? undefined : sum / n;
    }),
  );
}
