import { describe, expect, it } from "vitest";
import { groupByDay, localParts } from "./calendar-math.ts";
import { groupByLocalDay, localClock } from "./local-clock.ts";

const HOUR = 3_600_000;

/** Every 37 minutes from `start` for `hours`: crosses midnights, hours and any change of offset. */
function instants(start: string, hours: number): number[] {
  const from = Date.parse(start);
  return Array.from({ length: Math.floor((hours * 60) / 37) }, (_, i) => from + i * 37 * 60_000);
}

function agreesWithIntl(timeZone: string, start: string, hours: number) {
  const times = instants(start, hours);
  const clock = localClock(timeZone, times[0]!, times.at(-1)!);
  for (const at of times) {
    const local = localParts(new Date(at), timeZone);
    expect(clock(at), `${timeZone} ${new Date(at).toISOString()}`).toEqual({
      date: local.date,
      hour: local.hour,
    });
  }
}

describe("localClock", () => {
  it("places instants as Intl does in a month without a change of offset", () => {
    agreesWithIntl("Europe/Berlin", "2026-06-01T00:00:00Z", 30 * 24);
    agreesWithIntl("Asia/Kathmandu", "2026-06-01T00:00:00Z", 30 * 24);
    agreesWithIntl("America/St_Johns", "2026-06-01T00:00:00Z", 30 * 24);
  });

  it("places instants as Intl does across daylight-saving changes", () => {
    agreesWithIntl("Europe/Berlin", "2026-03-20T00:00:00Z", 20 * 24);
    agreesWithIntl("America/New_York", "2026-10-25T00:00:00Z", 20 * 24);
    agreesWithIntl("Australia/Lord_Howe", "2026-09-25T00:00:00Z", 20 * 24);
    agreesWithIntl("Australia/Lord_Howe", "2026-03-30T00:00:00Z", 20 * 24);
  });

  it("groups posts by local day exactly as groupByDay", () => {
    for (const [zone, start] of [
      ["Europe/Berlin", "2026-03-25T00:00:00Z"],
      ["Pacific/Chatham", "2026-04-01T00:00:00Z"],
      ["UTC", "2026-11-01T00:00:00Z"],
    ] as const) {
      const posts = instants(start, 14 * 24).map((at) => ({
        time: new Date(at).toISOString(),
      }));
      expect([...groupByLocalDay(posts, zone)]).toEqual([...groupByDay(posts, zone)]);
    }
    expect(groupByLocalDay([], "UTC").size).toBe(0);
  });

  it("asks Intl for each instant over a range longer than a calendar", () => {
    const from = Date.parse("2026-01-01T00:00:00Z");
    const clock = localClock("Europe/Berlin", from, from + 200 * 24 * HOUR);
    const summer = Date.parse("2026-07-01T22:30:00Z");
    expect(clock(summer)).toEqual({ date: "2026-07-02", hour: 0 });
  });
});
