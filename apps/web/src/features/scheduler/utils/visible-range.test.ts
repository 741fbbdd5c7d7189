import { describe, expect, it } from "vitest";
import { visibleRange } from "./visible-range.ts";

// Five rows of 100 px: 0–100, 100–200, …, 400–500.
const offsets = [0, 100, 200, 300, 400, 500];

describe("visibleRange", () => {
  it("answers the rows that overlap the window", () => {
    expect(visibleRange(offsets, 0, 150)).toEqual({ start: 0, end: 2 });
    expect(visibleRange(offsets, 150, 250)).toEqual({ start: 1, end: 3 });
    expect(visibleRange(offsets, 100, 200)).toEqual({ start: 1, end: 2 });
  });

  it("clamps a window above or below the list to its first or last row", () => {
    expect(visibleRange(offsets, -900, -100)).toEqual({ start: 0, end: 1 });
    expect(visibleRange(offsets, 900, 1200)).toEqual({ start: 4, end: 5 });
    expect(visibleRange(offsets, -100, 10_000)).toEqual({ start: 0, end: 5 });
  });

  it("handles an empty list and rows of different heights", () => {
    expect(visibleRange([0], 0, 100)).toEqual({ start: 0, end: 0 });
    expect(visibleRange([0, 30, 400, 430], 35, 60)).toEqual({ start: 1, end: 2 });
  });

  it("draws a few rows of thousands", () => {
    const many = Array.from({ length: 2001 }, (_, index) => index * 73);
    const { start, end } = visibleRange(many, 73_000, 73_000 + 900);
    expect(start).toBe(1000);
    expect(end - start).toBeLessThanOrEqual(13);
  });
});
