import type { TrendLabel } from "@sightline/contracts";

/** Below this many posts in both windows together, a change is noise, not a trend. */
export const MIN_POSTS_FOR_TREND = 6;
/** A change of at least a fifth, up or down, is a trend. */
export const TREND_THRESHOLD = 0.2;

export type TrendVerdict = {
  label: TrendLabel;
  /** Posts in the current window and in the one before it. */
  current: number;
  previous: number;
  /** (current − previous) / previous; null when the previous window had no posts. */
  velocity: number | null;
  /** The numbers behind the label, in words. */
  reason: string;
};

function percent(value: number): string {
  const rounded = Math.round(value * 100);
  return `${rounded > 0 ? "+" : ""}${rounded}%`;
}

/**
 * Rising, Steady or Cooling from the posting volume of two equal windows (the last 12 hours of
 * recent media against the 12 hours before): a change of 20% or more either way is a trend,
 * as long as there are enough posts to tell.
 */
export function trendOf(current: number, previous: number, windowHours = 12): TrendVerdict {
  const counts = `${current} posts in the last ${windowHours} h, ${previous} in the ${windowHours} h before`;
  if (current + previous < MIN_POSTS_FOR_TREND) {
    return {
      label: "Steady",
      current,
      previous,
      velocity: previous > 0 ? (current - previous) / previous : null,
      reason: `${counts}: too few posts to call a trend.`,
    };
  }
  if (previous === 0) {
    return {
      label: "Rising",
      current,
      previous,
      velocity: null,
      reason: `${counts}: new activity.`,
    };
  }
  const velocity = (current - previous) / previous;
  const label: TrendLabel =
    velocity >= TREND_THRESHOLD ? "Rising" : velocity <= -TREND_THRESHOLD ? "Cooling" : "Steady";
  return { label, current, previous, velocity, reason: `${counts} (${percent(velocity)}).` };
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
