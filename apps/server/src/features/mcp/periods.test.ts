import { describe, expect, it } from "vitest";
import { resolveToolPeriod } from "./periods.ts";

const at = (iso: string) => new Date(iso);

describe("resolveToolPeriod", () => {
  it("ends the last-N-days presets yesterday, on the zone's calendar", () => {
    // 23:30 UTC on 30 November is already 1 December in Madrid.
    const now = at("2026-11-30T23:30:00Z");
    expect(resolveToolPeriod({ preset: "last_7_days" }, now, "UTC")).toEqual({
      since: "2026-11-23",
      until: "2026-11-29",
      timezone: "UTC",
    });
    expect(resolveToolPeriod({ preset: "last_7_days" }, now, "Europe/Madrid")).toMatchObject({
      since: "2026-11-24",
      until: "2026-11-30",
    });
    expect(resolveToolPeriod({}, now, "UTC")).toMatchObject({
      since: "2026-11-02",
      until: "2026-11-29",
    });
  });

  it("takes this month from the 1st to today, and last month whole, across a year", () => {
    expect(
      resolveToolPeriod({ preset: "this_month" }, at("2026-12-01T08:00:00Z"), "UTC"),
    ).toMatchObject({ since: "2026-12-01", until: "2026-12-01" });
    expect(
      resolveToolPeriod({ preset: "last_month" }, at("2027-01-15T08:00:00Z"), "UTC"),
    ).toMatchObject({ since: "2026-12-01", until: "2026-12-31" });
    expect(
      resolveToolPeriod({ preset: "last_month" }, at("2028-03-02T08:00:00Z"), "UTC"),
    ).toMatchObject({ since: "2028-02-01", until: "2028-02-29" });
  });

  it("refuses what the REST API refuses, in its words, and a preset with dates", () => {
    const now = at("2026-11-29T12:00:00Z");
    expect(() => resolveToolPeriod({ since: "2026-11-01" }, now, "UTC")).toThrow(
      "A period needs both since and until.",
    );
    expect(() =>
      resolveToolPeriod({ since: "2026-11-10", until: "2026-11-01" }, now, "UTC"),
    ).toThrow("The period ends before it starts.");
    expect(() =>
      resolveToolPeriod({ since: "2026-02-30", until: "2026-03-01" }, now, "UTC"),
    ).toThrow("That date does not exist.");
    expect(() =>
      resolveToolPeriod({ preset: "this_month", until: "2026-11-20" }, now, "UTC"),
    ).toThrow("Give either a preset or since and until, not both.");
  });
});
