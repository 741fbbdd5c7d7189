import { describe, expect, it } from "vitest";
import { median, trendOf } from "./velocity.ts";

describe("trend labels", () => {
  it("calls +20% and more Rising, −20% and less Cooling, between Steady", () => {
    expect(trendOf(12, 10)).toMatchObject({ label: "Rising", velocity: 0.2 });
    expect(trendOf(11, 10)).toMatchObject({ label: "Steady" });
    expect(trendOf(8, 10)).toMatchObject({ label: "Cooling", velocity: -0.2 });
    expect(trendOf(9, 10).label).toBe("Steady");
  });

  it("says the numbers behind the label", () => {
    expect(trendOf(30, 20).reason).toBe("30 posts in the last 12 h, 20 in the 12 h before (+50%).");
  });

  it("does not call a trend on a handful of posts", () => {
    expect(trendOf(4, 1)).toMatchObject({ label: "Steady", velocity: 3 });
    expect(trendOf(4, 1).reason).toContain("too few posts");
    expect(trendOf(0, 0)).toMatchObject({ label: "Steady", velocity: null });
  });

  it("calls activity out of nothing Rising", () => {
    expect(trendOf(7, 0)).toMatchObject({ label: "Rising", velocity: null });
  });

  it("medians", () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
