import { describe, expect, it } from "vitest";
import { upcomingDates } from "./upcoming-dates.ts";

describe("upcoming observed dates", () => {
  it("computes the movable days for any year", () => {
    const days = (from: string, span: number) =>
      Object.fromEntries(upcomingDates(from, span).map((date) => [date.name, date.day]));
    expect(days("2026-11-01", 40)).toMatchObject({
      "Thanksgiving (US)": "2026-11-26",
      "Black Friday": "2026-11-27",
      "Small Business Saturday": "2026-11-28",
      "Cyber Monday": "2026-11-30",
      "Giving Tuesday": "2026-12-01",
    });
    expect(days("2027-05-01", 10)).toEqual({ "Mother's Day (US)": "2027-05-09" });
    expect(days("2028-06-01", 30)).toEqual({ "Father's Day (US)": "2028-06-18" });
  });

  it("crosses the year and keeps to the window, soonest first", () => {
    expect(upcomingDates("2026-12-20", 14).map((date) => `${date.day} ${date.name}`)).toEqual([
      "2026-12-24 Christmas Eve",
      "2026-12-25 Christmas Day",
      "2026-12-31 New Year's Eve",
      "2027-01-01 New Year's Day",
    ]);
    expect(upcomingDates("2026-03-09", 5)).toEqual([]);
  });
});
