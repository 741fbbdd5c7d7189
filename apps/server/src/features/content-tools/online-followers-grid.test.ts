import { describe, expect, it } from "vitest";
import { onlineFollowersGrid } from "./online-followers-grid.ts";

describe("online followers per local weekday and hour", () => {
  it("moves UTC hours onto the user's wall clock and averages the days that land together", () => {
    // 2026-03-02 and 2026-03-09 are Mondays; 23:00 UTC is Tuesday 00:00 in Berlin (winter).
    const grid = onlineFollowersGrid(
      [
        { day: "2026-03-02", hours: { "23": 100, "9": 40 } },
        { day: "2026-03-09", hours: { "23": 200 } },
      ],
      "Europe/Berlin",
    );
    expect(grid[2]![0]).toBe(150);
    expect(grid[1]![10]).toBe(40);
    expect(grid[1]![23]).toBeUndefined();
    expect(grid.flat().filter((value) => value !== undefined)).toHaveLength(2);
  });

  it("follows daylight saving: 08:00 UTC is 09:00 in Berlin in March and 10:00 in April", () => {
    const grid = onlineFollowersGrid(
      [
        { day: "2026-03-23", hours: { "8": 10 } }, // Monday, CET
        { day: "2026-04-06", hours: { "8": 30 } }, // Monday, CEST
      ],
      "Europe/Berlin",
    );
    expect(grid[1]![9]).toBe(10);
    expect(grid[1]![10]).toBe(30);
  });

  it("ignores hours that are not 0–23 and values that are not numbers, and never fills a zero", () => {
    const grid = onlineFollowersGrid(
      [{ day: "2026-03-02", hours: { "24": 5, x: 5, "3": Number.NaN, "4": 0 } }],
      "UTC",
    );
    expect(grid[1]![4]).toBe(0);
    expect(grid.flat().filter((value) => value !== undefined)).toHaveLength(1);
  });
});
