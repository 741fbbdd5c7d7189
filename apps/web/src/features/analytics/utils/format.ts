/** Pure number formatting for analytics figures, in the user's locale. */

export function formatCompact(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    notation: "compact",
    maximumFractionDigits: 1,
  }).format(value);
}

export function formatNumber(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A ratio (0.042) as a percent (4.2 %). */
export function formatRatioPercent(ratio: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(
    ratio,
  );
}

export type ChangeDirection = "up" | "down" | "flat";

export function changeDirection(changePct: number): ChangeDirection {
  if (changePct > 0) return "up";
  if (changePct < 0) return "down";
  return "flat";
}

/** A percent change (12.5 = +12.5 %) with its sign. */
export function formatChangePct(changePct: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: "percent",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(changePct / 100);
}

/** A signed count (+120, −4). */
export function formatSignedCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    notation: "compact",
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(value);
}
