import type { Db } from "@sightline/db";
import { sql } from "drizzle-orm";

/** The median of `values` (ms). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The run's baseline: the median of `runs` `SELECT 1` through the same database pool, so a
 * figure reads against what the engine costs on this machine at this moment, not alone.
 */
export async function selectOneBaseline(db: Db, runs = 30): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    await db.execute(sql`select 1`);
    if (i >= 3) times.push(performance.now() - started);
  }
  return median(times);
}

/** The value at quantile `p` (0.5 the median, 0.95 the p95) of `values`. */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

/** "×12.3 baseline": a median against the baseline's. */
export const timesBaseline = (value: number, baseline: number) =>
  `×${(value / Math.max(baseline, 0.001)).toFixed(1)} baseline`;
