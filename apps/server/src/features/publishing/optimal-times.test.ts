import { addDays, zonedParts } from "@sightline/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AudienceSignals, type OptimalTimesRequest, optimalTimes } from "./optimal-times.ts";

const zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Sydney"];

const signalsArbitrary: fc.Arbitrary<AudienceSignals> = fc.record({
  onlineFollowers: fc.array(
    fc.record({
      day: fc.integer({ min: 0, max: 29 }).map((n) => addDays("2026-10-25", n)),
      hours: fc.dictionary(
        fc.integer({ min: 0, max: 23 }).map(String),
        fc.integer({ min: 0, max: 5000 }),
      ),
    }),
    { maxLength: 30 },
  ),
  posts: fc.array(
    fc.record({
      postedAt: fc
        .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 10, 20) })
        .map((ms) => new Date(ms)),
      engagementRate: fc.double({ min: 0, max: 0.5, noNaN: true }),
    }),
    { maxLength: 60 },
  ),
});

const requestArbitrary: fc.Arbitrary<OptimalTimesRequest> = fc
  .record({
    startOffset: fc.integer({ min: -3, max: 40 }),
    count: fc.integer({ min: 1, max: 20 }),
    daysPerWeek: fc.integer({ min: 1, max: 7 }),
    allowedWeekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    from: fc.integer({ min: 0, max: 23 }),
    span: fc.integer({ min: 0, max: 23 }),
    timezone: fc.constantFrom(...zones),
  })
  .map((r) => ({
    startDate: addDays("2026-11-23", r.startOffset),
    count: r.count,
    daysPerWeek: r.daysPerWeek,
    allowedWeekdays: r.allowedWeekdays,
    hourWindow: { from: r.from, to: Math.min(23, r.from + r.span) },
    timezone: r.timezone,
  }));

const now = new Date("2026-11-23T10:17:00Z");

/** Monday of the week, as the algorithm counts weeks. */
function weekOf(date: string) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

describe("optimal times", () => {
  it("respects every constraint of the request, for any data and any request", () => {
    fc.assert(
      fc.property(requestArbitrary, signalsArbitrary, (request, signals) => {
        const slots = optimalTimes(request, signals, now);
        expect(slots.length).toBeLessThanOrEqual(request.count);
        const today = zonedParts(now, request.timezone).date;
        const dates = new Set<string>();
        const perWeek = new Map<string, number>();
        let previous = "";
        for (const slot of slots) {
          const instant = new Date(slot.iso);
          const local = zonedParts(instant, request.timezone);
          expect(instant.getTime()).toBeGreaterThan(now.getTime());
          expect(request.allowedWeekdays).toContain(local.weekday);
          expect(local.hour).toBeGreaterThanOrEqual(request.hourWindow.from);
          expect(local.hour).toBeLessThanOrEqual(request.hourWindow.to);
          expect(local.minute).toBe(0);
          expect(local.date >= request.startDate && local.date >= today).toBe(true);
          expect(dates.has(local.date)).toBe(false);
          dates.add(local.date);
          const week = weekOf(local.date);
          perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
          expect(perWeek.get(week)).toBeLessThanOrEqual(request.daysPerWeek);
          expect(slot.iso > previous).toBe(true);
          previous = slot.iso;
        }
      }),
      { numRuns: 300 },
    );
  });

  it("offers no slot without data rather than a made-up one", () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        expect(optimalTimes(request, { onlineFollowers: [], posts: [] }, now)).toEqual([]);
      }),
    );
  });

  it("picks the hour most followers are online, in the user's time zone", () => {
    // Followers peak at 18:00 UTC every day: 19:00 in Berlin (winter), 13:00 in New York.
    const onlineFollowers = Array.from({ length: 28 }, (_, day) => ({
      day: addDays("2026-10-26", day),
      hours: Object.fromEntries(
        Array.from({ length: 24 }, (_, hour) => [String(hour), hour === 18 ? 900 : 100 + hour]),
      ),
    }));
    const base = {
      startDate: "2026-11-24",
      count: 3,
      daysPerWeek: 7,
      allowedWeekdays: [0, 1, 2, 3, 4, 5, 6],
      hourWindow: { from: 0, to: 23 },
    };
    const berlin = optimalTimes(
      { ...base, timezone: "Europe/Berlin" },
      { onlineFollowers, posts: [] },
      now,
    );
    expect(berlin.map((slot) => slot.iso)).toEqual([
      "2026-11-24T18:00:00.000Z",
      "2026-11-25T18:00:00.000Z",
      "2026-11-26T18:00:00.000Z",
    ]);
    const newYork = optimalTimes(
      { ...base, timezone: "America/New_York", hourWindow: { from: 8, to: 12 } },
      { onlineFollowers, posts: [] },
      now,
    );
    // 13:00 is outside the window: the best hour inside it (12:00 = 17:00 UTC) wins.
    expect(newYork[0]!.iso).toBe("2026-11-24T17:00:00.000Z");
  });

  it("keeps the best days of each week when fewer days per week are asked", () => {
    const onlineFollowers = Array.from({ length: 28 }, (_, day) => {
      const date = addDays("2026-10-26", day);
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      // Tuesdays and Thursdays are the busy days.
      return { day: date, hours: { "9": weekday === 2 || weekday === 4 ? 800 : 200 } };
    });
    const slots = optimalTimes(
      {
        startDate: "2026-11-30",
        count: 4,
        daysPerWeek: 2,
        allowedWeekdays: [1, 2, 3, 4, 5],
        hourWindow: { from: 0, to: 23 },
        timezone: "UTC",
      },
      { onlineFollowers, posts: [] },
      now,
    );
    expect(slots.map((slot) => slot.iso)).toEqual([
      "2026-12-01T09:00:00.000Z",
      "2026-12-03T09:00:00.000Z",
      "2026-12-08T09:00:00.000Z",
      "2026-12-10T09:00:00.000Z",
    ]);
  });
});
