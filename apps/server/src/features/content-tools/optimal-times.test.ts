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

/**
 * "Now" a few days before each daylight-saving change the zones below make (Berlin 2026-10-25
 * and 2027-03-28, New York 2026-11-01 and 2027-03-14, Sydney 2026-10-04 and 2027-04-04), so the
 * requested days run across them: a spring-forward hour that does not exist, a fall-back hour
 * that happens twice.
 */
const nows = [
  "2026-11-23T10:17:00Z",
  "2026-10-20T10:17:00Z",
  "2027-03-10T10:17:00Z",
  "2026-09-30T10:17:00Z",
  "2027-03-25T23:30:00Z",
].map((iso) => new Date(iso));

const requestArbitrary = (now: Date): fc.Arbitrary<OptimalTimesRequest> =>
  fc
    .record({
      startOffset: fc.integer({ min: -3, max: 40 }),
      count: fc.integer({ min: 1, max: 20 }),
      daysPerWeek: fc.integer({ min: 1, max: 7 }),
      allowedWeekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), {
        minLength: 1,
        maxLength: 7,
      }),
      from: fc.integer({ min: 0, max: 23 }),
      span: fc.integer({ min: 0, max: 23 }),
      timezone: fc.constantFrom(...zones),
    })
    .map((r) => ({
      startDate: addDays(now.toISOString().slice(0, 10), r.startOffset),
      count: r.count,
      daysPerWeek: r.daysPerWeek,
      allowedWeekdays: r.allowedWeekdays,
      hourWindow: { from: r.from, to: Math.min(23, r.from + r.span) },
      timezone: r.timezone,
    }));

const now = new Date("2026-11-23T10:17:00Z");
const nowAndRequest = fc
  .constantFrom(...nows)
  .chain((at) => fc.tuple(fc.constant(at), requestArbitrary(at)));

/** Monday of the week, as the algorithm counts weeks. */
function weekOf(date: string) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

describe("optimal times", () => {
  it("respects every constraint of the request, for any data and any request", () => {
    fc.assert(
      fc.property(nowAndRequest, signalsArbitrary, ([now, request], signals) => {
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
          // The hour named is the hour it is there: never a spring-forward hour that was skipped.
          expect(local.hour).toBe(slot.hour);
          expect(local.weekday).toBe(slot.weekday);
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
  }, 60_000);

  it("offers no slot without data rather than a made-up one", () => {
    fc.assert(
      fc.property(nowAndRequest, ([now, request]) => {
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

  it("on a spring-forward day never offers the hour that does not exist, for any window", () => {
    // Every hour of every day has followers online, the missing one best of all.
    const cases = [
      { timezone: "Europe/Berlin", date: "2027-03-28", skipped: 2, now: "2027-03-25T10:00:00Z" },
      { timezone: "America/New_York", date: "2027-03-14", skipped: 2, now: "2027-03-10T10:00:00Z" },
      { timezone: "Australia/Sydney", date: "2026-10-04", skipped: 2, now: "2026-09-30T10:00:00Z" },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 2, max: 23 }),
        (dst, from, to) => {
          const onlineFollowers = Array.from({ length: 28 }, (_, day) => ({
            day: addDays("2027-02-01", day),
            hours: Object.fromEntries(
              Array.from({ length: 24 }, (_, hour) => [String(hour), 100 + hour]),
            ),
          }));
          const slots = optimalTimes(
            {
              startDate: dst.date,
              count: 1,
              daysPerWeek: 7,
              allowedWeekdays: [0],
              hourWindow: { from, to },
              timezone: dst.timezone,
            },
            { onlineFollowers, posts: [] },
            new Date(dst.now),
          );
          for (const slot of slots) {
            const local = zonedParts(new Date(slot.iso), dst.timezone);
            expect(local.hour).toBe(slot.hour);
            expect(local.hour).toBeGreaterThanOrEqual(from);
            expect(local.hour).toBeLessThanOrEqual(to);
            if (local.date === dst.date) expect(local.hour).not.toBe(dst.skipped);
          }
        },
      ),
    );
    // A hundred property runs take about a second alone; beside the integration tests' start on
    // two cores they took over 5 s (vitest's default), as the property test above may (60 s).
  }, 60_000);

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
