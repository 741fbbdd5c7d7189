/*
 * The statistics the AI team's facts rest on (issue 31): robust centre and spread, a bootstrap
 * interval for a ratio of medians, a rank test, and a rank correlation. Deterministic: the
 * bootstrap draws from a seeded generator, so the same stored data gives the same facts.
 */

import { median } from "../content-tools/index.ts";

/** The middle value (the mean of the two middle ones); null for none: content-tools' own. */
export { median };

/** Median absolute deviation from the median (unscaled). */
export function mad(values: readonly number[]): number | null {
  const centre = median(values);
  if (centre === null) return null;
  return median(values.map((value) => Math.abs(value - centre)));
}

/** 1 / Φ⁻¹(3/4): MAD × this estimates the standard deviation of normal data. */
export const MAD_TO_SIGMA = 1.4826;

/** A small, fast, seeded generator (mulberry32): the same seed draws the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seed from text (FNV-1a), e.g. the account id and the period. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

/**
 * Percentile bootstrap interval (95 % by default) for median(a) ÷ median(b): both samples are
 * resampled with replacement `rounds` times. Null when a sample is empty or a resampled median
 * of `b` is 0 in more than 5 % of the rounds (the ratio is then not defined often enough).
 */
export function bootstrapMedianRatio(
  a: readonly number[],
  b: readonly number[],
  options: { seed: number; rounds?: number; level?: number },
): { ratio: number; low: number; high: number } | null {
  const ma = median(a);
  const mb = median(b);
  if (ma === null || mb === null || mb === 0) return null;
  const random = seededRandom(options.seed);
  const rounds = options.rounds ?? 2000;
  const level = options.level ?? 0.95;
  const draw = (sample: readonly number[]) =>
    median(Array.from(sample, () => sample[Math.floor(random() * sample.length)]!))!;
  const ratios: number[] = [];
  let undefinedRounds = 0;
  for (let round = 0; round < rounds; round++) {
    const top = draw(a);
    const bottom = draw(b);
    if (bottom === 0) undefinedRounds++;
    else ratios.push(top / bottom);
  }
  if (undefinedRounds > rounds * 0.05) return null;
  ratios.sort((x, y) => x - y);
  const tail = (1 - level) / 2;
  return { ratio: ma / mb, low: quantile(ratios, tail), high: quantile(ratios, 1 - tail) };
}

/** Average ranks (1-based), ties sharing the mean of their ranks. */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((x, y) => x.value - y.value);
  const result = new Array<number>(values.length);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) result[order[k]!.index] = rank;
    start = end + 1;
  }
  return result;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 through erf; error < 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Mann–Whitney U test, two-sided, normal approximation with tie correction and continuity
 * correction. Null when a sample is empty or every value is the same.
 */
export function mannWhitney(
  a: readonly number[],
  b: readonly number[],
): { u: number; p: number } | null {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) return null;
  const all = [...a, ...b];
  const rank = ranks(all);
  const r1 = rank.slice(0, n1).reduce((sum, value) => sum + value, 0);
  const u1 = r1 - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const counts = new Map<number, number>();
  for (const value of all) counts.set(value, (counts.get(value) ?? 0) + 1);
  const ties = [...counts.values()].reduce((sum, t) => sum + (t ** 3 - t), 0);
  const variance = ((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1)));
  if (variance <= 0) return null;
  const mean = (n1 * n2) / 2;
  const z = (Math.abs(u1 - mean) - 0.5) / Math.sqrt(variance);
  return { u: u1, p: Math.min(1, 2 * (1 - normalCdf(Math.max(0, z)))) };
}

/** Spearman's rank correlation; null under 3 pairs or when one side does not vary. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length < 3) return null;
  const rx = ranks(x);
  const ry = ranks(y);
  const mean = (x.length + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let index = 0; index < x.length; index++) {
    const dx = rx[index]! - mean;
    const dy = ry[index]! - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Rounds for display and for facts: figures are stored as they are shown. */
export function round(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
