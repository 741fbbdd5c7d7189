import { analyticsPeriodQuerySchema } from "@sightline/contracts";
import { describe, expect, it } from "vitest";
import { dayStart, eachDay, resolvePeriod } from "./period.ts";

describe("analytics periods", () => {
  const now = new Date("2026-04-02T09:30:00Z");

  it("a preset ends with yesterday and the previous period has the same length", () => {
    expect(resolvePeriod({ days: "7" }, now)).toEqual({
      from: "2026-03-26",
      to: "2026-04-01",
      days: 7,
      previous: { from: "2026-03-19", to: "2026-03-25" },
    });
    expect(resolvePeriod({}, now).days).toBe(28);
  });

  it("counts each day once across a daylight-saving change (29 March 2026 in Europe)", () => {
    const period = resolvePeriod({ from: "2026-03-25", to: "2026-04-03" }, now);
    expect(period.days).toBe(10);
    const days = eachDay(period.from, period.to);
    expect(days).toHaveLength(10);
    expect(new Set(days).size).toBe(10);
    expect(days).toContain("2026-03-29");
    expect(period.previous).toEqual({ from: "2026-03-15", to: "2026-03-24" });
  });

  it("ends a preset with yesterday on the user's calendar, not UTC's", () => {
    // 01:30 UTC on 2 April is still 1 April (18:30) in Los Angeles.
    const early = new Date("2026-04-02T01:30:00Z");
    expect(resolvePeriod({ days: "7" }, early, "America/Los_Angeles")).toMatchObject({
      from: "2026-03-25",
      to: "2026-03-31",
    });
    expect(resolvePeriod({ days: "7" }, early, "UTC").to).toBe("2026-04-01");
    // 23:30 in Berlin on 1 April is 21:30 UTC: the day starts at 22:00 UTC the day before.
    expect(dayStart("2026-04-01", "Europe/Berlin").toISOString()).toBe("2026-03-31T22:00:00.000Z");
  });

  it("a leap year's 29 February is a day like any other", () => {
    expect(resolvePeriod({ from: "2028-02-28", to: "2028-03-01" }, now).days).toBe(3);
  });

  it("validates custom periods", () => {
    const ok = (query: Record<string, string>) =>
      analyticsPeriodQuerySchema.safeParse(query).success;
    expect(ok({ from: "2024-01-01", to: "2025-12-30" })).toBe(true); // 730 days
    expect(ok({ from: "2024-01-01", to: "2025-12-31" })).toBe(false); // 731 days
    expect(ok({ from: "2026-01-01", to: "2026-01-01" })).toBe(true);
    expect(ok({ from: "2026-01-02", to: "2026-01-01" })).toBe(false);
    expect(ok({ from: "2026-02-29", to: "2026-03-01" })).toBe(false);
    expect(ok({ from: "2026-13-01", to: "2026-12-01" })).toBe(false);
    expect(ok({ to: "2026-01-01" })).toBe(false);
    expect(ok({ days: "28", from: "2026-01-01", to: "2026-01-02" })).toBe(false);
  });
});
