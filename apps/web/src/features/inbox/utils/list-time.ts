import { formatDateTime } from "../../../utils/format-date-time.ts";

/**
 * A list item's time in the user's zone: the time today, the weekday within a week, else the
 * date (with the year when it is not this year's).
 */
export function formatListTime(
  iso: string,
  now: Date,
  options: { timeZone: string; locale?: string },
): string {
  const day = (value: Date | string) => formatDateTime(value, { ...options, dateStyle: "short" });
  if (day(iso) === day(now)) return formatDateTime(iso, { ...options, timeStyle: "short" });
  const age = now.getTime() - new Date(iso).getTime();
  if (age >= 0 && age < 6 * 86_400_000)
    return formatDateTime(iso, { ...options, weekday: "short" });
  const sameYear =
    formatDateTime(iso, { ...options, year: "numeric" }) ===
    formatDateTime(now, { ...options, year: "numeric" });
  return formatDateTime(iso, {
    ...options,
    day: "numeric",
    month: "short",
    ...(sameYear ? {} : { year: "numeric" }),
  });
}
