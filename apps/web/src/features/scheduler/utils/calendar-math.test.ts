import { describe, expect, it } from "vitest";
import {
  dayRange,
  dropTargetInstant,
  groupByDay,
  monthGrid,
  stepAnchor,
  visibleDays,
  weekDays,
} from "./calendar-math.ts";

describe("weeks and month grids", () => {
  it("runs weeks Monday to Sunday", () => {
    expect(weekDays("2026-11-25")).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(weekDays("2026-11-29")[0]).toBe("2026-11-23");
  });

  it("fills a month with whole weeks from the neighbouring months", () => {
    const november = monthGrid("2026-11-10");
    expect(november).toHaveLength(6);
    expect(november[0]![0]).toBe("2026-10-26");
    expect(november.at(-1)![6]).toBe("2026-12-06");
    // February 2027 starts on a Monday and has exactly four weeks.
    const february = monthGrid("2027-02-14");
    expect(february).toHaveLength(4);
    expect(february[0]![0]).toBe("2027-02-01");
    expect(february[3]![6]).toBe("2027-02-28");
    expect(visibleDays("month", "2026-11-10")).toEqual({ first: "2026-10-26", last: "2026-12-06" });
    expect(visibleDays("list", "2026-11-10")).toEqual({ first: "2026-11-01", last: "2026-11-30" });
  });

  it("steps by a week or a month, across a year end", () => {
    expect(stepAnchor("week", "2026-12-28", 1)).toBe("2027-01-04");
    expect(stepAnchor("month", "2026-12-15", 1)).toBe("2027-01-01");
    expect(stepAnchor("month", "2026-01-31", -1)).toBe("2025-12-01");
  });
});

describe("time zones", () => {
  // The zone arithmetic itself is tested in packages/contracts/src/zoned-time.test.ts.
  it("groups posts by the user's local day across a DST change", () => {
    // Europe/Berlin springs forward on 2026-03-29 at 02:00 (UTC+1 → UTC+2).
    const days = groupByDay(
      [{ time: "2026-03-28T22:59:00Z" }, { time: "2026-03-28T23:00:00Z" }],
      "Europe/Berlin",
    );
    expect([...days.keys()]).toEqual(["2026-03-28", "2026-03-29"]);
  });

  it("covers whole local days, 23 hours on the spring-forward day", () => {
    const range = dayRange("2026-03-29", "2026-03-29", "Europe/Berlin");
    expect(range.from.toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(range.to.getTime() - range.from.getTime()).toBe(23 * 3_600_000);
  });
});

describe("drag target → instant", () => {
  const original = new Date("2026-03-27T09:15:00Z"); // Friday 10:15 in Berlin (UTC+1)

  it("keeps the local time of day when dropped on a day in the month view, across DST", () => {
    expect(dropTargetInstant(original, { date: "2026-03-30" }, "Europe/Berlin").toISOString()).toBe(
      "2026-03-30T08:15:00.000Z",
    );
  });

  it("takes the hour and keeps the minutes when dropped on an hour in the week view", () => {
    expect(
      dropTargetInstant(original, { date: "2026-03-28", hour: 18 }, "Europe/Berlin").toISOString(),
    ).toBe("2026-03-28T17:15:00.000Z");
  });
});
