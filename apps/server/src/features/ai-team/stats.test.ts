import { describe, expect, it } from "vitest";
import {
  bootstrapMedianRatio,
  mad,
  mannWhitney,
  median,
  round,
  seededRandom,
  spearman,
} from "./stats.ts";

describe("AI team statistics", () => {
  it("median and MAD", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    // |x - 3| = 2, 1, 0, 1, 97 → median 1
    expect(mad([1, 2, 3, 4, 100])).toBe(1);
  });

  it("the seeded generator repeats itself and spreads over [0, 1)", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const mean = draws.reduce((x, y) => x + y, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it("a bootstrap interval excludes 1 for a clear difference and holds it for none", () => {
    const reels = [2100, 2400, 1900, 2600, 2300, 2050, 2250, 2500];
    const images = [900, 1100, 1000, 950, 1200, 1050, 980, 1020];
    const clear = bootstrapMedianRatio(reels, images, { seed: 7 })!;
    expect(clear.ratio).toBeCloseTo(2275 / 1010, 6);
    expect(clear.low).toBeGreaterThan(1);
    expect(clear.high).toBeGreaterThan(clear.low);
    const same = bootstrapMedianRatio(images, [1000, 1150, 940, 1010, 990, 1090, 1005], {
      seed: 7,
    })!;
    expect(same.low).toBeLessThan(1);
    expect(same.high).toBeGreaterThan(1);
    expect(bootstrapMedianRatio([1, 2], [], { seed: 1 })).toBeNull();
    expect(bootstrapMedianRatio([1, 2], [0, 0, 0], { seed: 1 })).toBeNull();
  });

  it("Mann–Whitney: separated samples are significant, shuffled ones are not", () => {
    // Fully separated 8 vs 8: exact two-sided p = 2/C(16,8) ≈ 0.00016; the normal
    // approximation with continuity correction gives about 0.0009.
    const separated = mannWhitney([10, 11, 12, 13, 14, 15, 16, 17], [1, 2, 3, 4, 5, 6, 7, 8])!;
    expect(separated.u).toBe(64);
    expect(separated.p).toBeLessThan(0.002);
    const mixed = mannWhitney([1, 4, 5, 8, 9, 12], [2, 3, 6, 7, 10, 11])!;
    expect(mixed.p).toBeGreaterThan(0.5);
    expect(mannWhitney([3, 3], [3, 3])).toBeNull();
  });

  it("Spearman's rank correlation", () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 10);
    expect(spearman([1, 2, 3, 4], [40, 30, 20, 10])).toBeCloseTo(-1, 10);
    expect(spearman([1, 2], [1, 2])).toBeNull();
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it("round", () => {
    expect(round(2.345, 1)).toBe(2.3);
    expect(round(12.5)).toBe(13);
  });
});
