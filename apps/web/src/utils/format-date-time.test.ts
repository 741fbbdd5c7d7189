import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format-date-time.ts";

describe("formatDateTime", () => {
  it("shows the same instant in the user's zone, not the machine's", () => {
    const instant = "2026-11-23T23:30:00Z";
    expect(
      formatDateTime(instant, {
        timeZone: "Europe/Madrid",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }),
    ).toBe("00:30");
    expect(
      formatDateTime(instant, {
        timeZone: "America/New_York",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }),
    ).toBe("18:30");
  });

  it("gives an empty string for an invalid date", () => {
    expect(formatDateTime("not a date", { timeZone: "UTC" })).toBe("");
  });
});
