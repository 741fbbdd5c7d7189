import { describe, expect, it } from "vitest";
import { compactTime } from "./format-cache.ts";

describe("compactTime (a phone's month cell)", () => {
  const evening = new Date("2026-03-10T19:24:00Z");
  const morning = new Date("2026-03-10T07:05:00Z");

  it("keeps a 12-hour clock's period as one letter", () => {
    expect(compactTime(evening, "UTC", "en-US")).toBe("7:24p");
    expect(compactTime(morning, "UTC", "en-US")).toBe("7:05a");
  });

  it("writes a 24-hour clock as it is", () => {
    expect(compactTime(evening, "UTC", "de-DE")).toBe("19:24");
    expect(compactTime(morning, "Europe/Madrid", "es-ES")).toBe("8:05");
  });

  it("is the time in the calendar's zone", () => {
    expect(compactTime(evening, "America/New_York", "en-US")).toBe("3:24p");
  });
});
