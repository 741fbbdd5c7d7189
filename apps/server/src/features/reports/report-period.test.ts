import { describe, expect, it } from "vitest";
import { lastCompletePeriod, periodLabel } from "./report-period.ts";

describe("a report's last complete period", () => {
  it("is the week Monday to Sunday before this one", () => {
    // Sunday 29 November 2026, 20:00 UTC.
    const now = new Date("2026-11-29T20:00:00Z");
    expect(lastCompletePeriod("weekly", now, "UTC")).toMatchObject({
      from: "2026-11-16",
      to: "2026-11-22",
    });
    // Already Monday 30 November in Tokyo: the week that just ended.
    expect(lastCompletePeriod("weekly", now, "Asia/Tokyo")).toMatchObject({
      from: "2026-11-23",
      to: "2026-11-29",
    });
  });

  it("is the calendar month before this one, across a year", () => {
    expect(lastCompletePeriod("monthly", new Date("2026-11-29T20:00:00Z"), "UTC")).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
      label: "October 2026",
    });
    expect(lastCompletePeriod("monthly", new Date("2027-01-01T10:00:00Z"), "UTC")).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-31",
    });
    expect(lastCompletePeriod("monthly", new Date("2024-03-10T10:00:00Z"), "UTC")).toMatchObject({
      from: "2024-02-01",
      to: "2024-02-29",
    });
  });

  it("names a month by its name and other periods by their days", () => {
    expect(periodLabel("2026-11-16", "2026-11-22")).toBe("Nov 16, 2026 – Nov 22, 2026");
  });
});
