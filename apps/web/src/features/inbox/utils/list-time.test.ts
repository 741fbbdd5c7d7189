import { describe, expect, it } from "vitest";
import { formatListTime } from "./list-time.ts";

const now = new Date("2026-11-23T10:00:00Z");

describe("formatListTime", () => {
  it("shows the time today, the weekday this week, else the date, in the user's zone", () => {
    const zone = { timeZone: "Europe/Vienna", locale: "en-GB" };
    expect(formatListTime("2026-11-23T08:30:00Z", now, zone)).toBe("09:30");
    expect(formatListTime("2026-11-21T08:30:00Z", now, zone)).toBe("Sat");
    expect(formatListTime("2026-10-02T08:30:00Z", now, zone)).toBe("2 Oct");
    expect(formatListTime("2025-10-02T08:30:00Z", now, zone)).toBe("2 Oct 2025");
    // 23:30 UTC on the 22nd is already the 23rd in Vienna.
    expect(formatListTime("2026-11-22T23:30:00Z", now, zone)).toBe("00:30");
  });
});
