import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, isTimeZone, weekdayOf, zonedParts, zonedTimeToInstant } from "./zoned-time.ts";

const iso = (date: string, hour: number, minute: number, zone: string) =>
  zonedTimeToInstant(date, hour, minute, zone).toISOString();

describe("zoned time: instant → wall clock", () => {
  it("gives the zone's day, weekday, hour and minute across a spring-forward", () => {
    // Europe/Berlin springs forward on 2026-03-29 at 01:00 UTC (02:00 CET → 03:00 CEST).
    expect(zonedParts(new Date("2026-03-28T23:30:00Z"), "Europe/Berlin")).toEqual({
      date: "2026-03-29",
      weekday: 0,
      hour: 0,
      minute: 30,
    });
    expect(zonedParts(new Date("2026-03-29T00:59:00Z"), "Europe/Berlin").hour).toBe(1);
    expect(zonedParts(new Date("2026-03-29T01:00:00Z"), "Europe/Berlin").hour).toBe(3);
    expect(zonedParts(new Date("2026-03-29T10:00:00Z"), "America/Los_Angeles")).toEqual({
      date: "2026-03-29",
      weekday: 0,
      hour: 3,
      minute: 0,
    });
  });

  it("handles zones whose offset is not a whole hour", () => {
    // Asia/Kolkata is UTC+05:30 all year; Asia/Kathmandu UTC+05:45.
    expect(zonedParts(new Date("2026-06-01T18:45:00Z"), "Asia/Kolkata")).toEqual({
      date: "2026-06-02",
      weekday: 2,
      hour: 0,
      minute: 15,
    });
    expect(zonedParts(new Date("2026-06-01T18:14:00Z"), "Asia/Kathmandu")).toMatchObject({
      date: "2026-06-01",
      hour: 23,
      minute: 59,
    });
  });
});

describe("zoned time: wall clock → instant", () => {
  it("maps a wall-clock time on both sides of a daylight-saving change", () => {
    expect(iso("2026-03-28", 10, 0, "Europe/Berlin")).toBe("2026-03-28T09:00:00.000Z");
    expect(iso("2026-03-29", 10, 0, "Europe/Berlin")).toBe("2026-03-29T08:00:00.000Z");
    expect(iso("2026-03-07", 10, 0, "America/New_York")).toBe("2026-03-07T15:00:00.000Z");
    expect(iso("2026-03-08", 10, 0, "America/New_York")).toBe("2026-03-08T14:00:00.000Z");
    expect(iso("2026-11-01", 10, 0, "America/New_York")).toBe("2026-11-01T15:00:00.000Z");
    expect(iso("2026-06-01", 10, 0, "Asia/Kolkata")).toBe("2026-06-01T04:30:00.000Z");
    expect(iso("2026-06-01", 10, 0, "UTC")).toBe("2026-06-01T10:00:00.000Z");
  });

  it("moves a time skipped by a spring-forward later by the size of the gap", () => {
    // Berlin: 02:00–03:00 does not exist on 2026-03-29; 02:30 becomes 03:30 CEST.
    expect(iso("2026-03-29", 2, 30, "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    // New York: 02:00–03:00 does not exist on 2026-03-08; 02:30 becomes 03:30 EDT.
    expect(iso("2026-03-08", 2, 30, "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    // Lord Howe Island shifts by 30 minutes: 02:00–02:30 does not exist on 2026-10-04, so
    // 02:15 becomes 02:45 (UTC+11).
    expect(iso("2026-10-04", 2, 15, "Australia/Lord_Howe")).toBe("2026-10-03T15:45:00.000Z");
    expect(iso("2026-10-04", 2, 30, "Australia/Lord_Howe")).toBe("2026-10-03T15:30:00.000Z");
  });

  it("takes the first occurrence of a time repeated by a fall-back", () => {
    // Berlin: 02:00–03:00 happens twice on 2026-10-25 (CEST, then CET).
    expect(iso("2026-10-25", 2, 30, "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(iso("2026-10-25", 3, 0, "Europe/Berlin")).toBe("2026-10-25T02:00:00.000Z");
    // New York: 01:00–02:00 happens twice on 2026-11-01 (EDT, then EST).
    expect(iso("2026-11-01", 1, 30, "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    // Lord Howe Island: 01:30–02:00 happens twice on 2026-04-05 (UTC+11, then UTC+10:30).
    expect(iso("2026-04-05", 1, 45, "Australia/Lord_Howe")).toBe("2026-04-04T14:45:00.000Z");
  });

  it("makes the spring-forward day 23 hours and the fall-back day 25 hours long", () => {
    const length = (date: string, zone: string) =>
      zonedTimeToInstant(addDays(date, 1), 0, 0, zone).getTime() -
      zonedTimeToInstant(date, 0, 0, zone).getTime();
    expect(length("2026-03-29", "Europe/Berlin")).toBe(23 * 3_600_000);
    expect(length("2026-10-25", "Europe/Berlin")).toBe(25 * 3_600_000);
    expect(length("2026-03-08", "America/New_York")).toBe(23 * 3_600_000);
    expect(length("2026-10-04", "Australia/Lord_Howe")).toBe(23.5 * 3_600_000);
  });

  it("round-trips every wall-clock time an instant shows, in any zone", () => {
    const zones = [
      "Europe/Berlin",
      "America/New_York",
      "Australia/Lord_Howe",
      "Asia/Kolkata",
      "Asia/Kathmandu",
      "Pacific/Chatham",
      "UTC",
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const instant = new Date(Math.floor(ms / 60_000) * 60_000);
          const wall = zonedParts(instant, zone);
          const back = zonedTimeToInstant(wall.date, wall.hour, wall.minute, zone);
          expect(zonedParts(back, zone)).toEqual(wall);
          // The first occurrence: never later than the instant, at most an hour earlier.
          expect(instant.getTime() - back.getTime()).toBeGreaterThanOrEqual(0);
          expect(instant.getTime() - back.getTime()).toBeLessThanOrEqual(3_600_000);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("calendar dates and zone names", () => {
  it("adds days across month and year ends and gives the weekday", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(weekdayOf("2026-11-23")).toBe(1);
    expect(weekdayOf("2026-11-22")).toBe(0);
  });

  it("accepts IANA zone names and refuses anything else", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(`Europe/${"x".repeat(80)}`)).toBe(false);
  });
});
