import { describe, expect, it } from "vitest";
import { visibleRange } from "./virtual-rows.ts";

describe("visibleRange", () => {
  it("renders the rows in view plus the overscan, whatever the list's length", () => {
    expect(
      visibleRange({ count: 10_000, rowHeight: 80, scrollTop: 0, viewportHeight: 800 }),
    ).toEqual({ start: 0, end: 17 });
    expect(
      visibleRange({ count: 10_000, rowHeight: 80, scrollTop: 400_000, viewportHeight: 800 }),
    ).toEqual({ start: 4994, end: 5017 });
    expect(
      visibleRange({ count: 10, rowHeight: 80, scrollTop: 0, viewportHeight: 800, overscan: 2 }),
    ).toEqual({ start: 0, end: 10 });
    expect(visibleRange({ count: 0, rowHeight: 80, scrollTop: 0, viewportHeight: 800 })).toEqual({
      start: 0,
      end: 0,
    });
  });
});
