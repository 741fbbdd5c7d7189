import { dateTimeFormat, numberFormat } from "../../../lib/intl-formats.ts";
/** Pure number formatting for analytics figures, in the user's locale. */

export function formatCompact(value: number, locale?: string): string {
  return numberFormat(locale, {
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(value);
}

export function formatNumber(value: number, locale?: string): string {
  return numberFormat(locale).format(value);
}

/** A ratio (0.042) as a percent (4.2 %). */
export function formatRatioPercent(ratio: number, locale?: string): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(ratio);
}

export type ChangeDirection = "up" | "down" | "flat";

export function changeDirection(changePct: number): ChangeDirection {
  if (changePct > 0) return "up";
  if (changePct < 0) return "down";
  return "flat";
}

/** A percent change (12.5 = +12.5 %) with its sign. */
export function formatChangePct(changePct: number, locale?: string): string {
  return numberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(changePct / 100);
}

/** A signed count (+120, −4). */
export function formatSignedCount(value: number, locale?: string): string {
  return numberFormat(locale, {
    notation: "compact",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(value);
}

/**
 * When a figure was read, for "as of …": the time alone when it is today in the user's zone,
 * else the date and time.
 */
export function formatAsOf(iso: string, now: Date, timeZone?: string, locale?: string): string {
  const day = dateTimeFormat("en-CA", { timeZone });
  const sameDay = day.format(new Date(iso)) === day.format(now);
  return dateTimeFormat(locale, {
    timeZone,
    ...(sameDay ? {} : { day: "numeric", month: "short" }),
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}
