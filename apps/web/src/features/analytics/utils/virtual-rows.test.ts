import { describe, expect, it } from "vitest";
import { gridColumns, visibleRange } from "./virtual-rows.ts";

describe("visibleRange", () => {
  it("renders only the rows in view plus the overscan", () => {
    expect(visibleRange({ count: 5000, rowHeight: 64, scrollTop: 0, viewportHeight: 640 })).toEqual(
      { start: 0, end: 17 },
    );
    // Scrolled to row 1,000: rows 994..1,016, never the 5,000.
    expect(
      visibleRange({ count: 5000, rowHeight: 64, scrollTop: 64_000, viewportHeight: 640 }),
    ).toEqual({ start: 994, end: 1017 });
  });

  it("stays inside the list at its end and when it is empty", () => {
    expect(
      visibleRange({ count: 20, rowHeight: 64, scrollTop: 10_000, viewportHeight: 640 }),
    ).toEqual({ start: 19, end: 20 });
    expect(visibleRange({ count: 0, rowHeight: 64, scrollTop: 0, viewportHeight: 640 })).toEqual({
      start: 0,
      end: 0,
    });
  });
});

describe("gridColumns", () => {
  it("fits one to three cards a row", () => {
    expect(gridColumns(350)).toBe(1);
    expect(gridColumns(600)).toBe(2);
    expect(gridColumns(1100)).toBe(3);
  });
});
