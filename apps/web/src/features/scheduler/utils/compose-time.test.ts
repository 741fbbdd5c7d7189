import { describe, expect, it } from "vitest";
import { composeTime } from "./compose-time.ts";

const now = { date: "2026-11-23", hour: 14, minute: 20 };

describe("composeTime", () => {
  it("starts a future day at 10:00 and a future slot at its hour", () => {
    expect(composeTime("2026-11-24", undefined, now)).toBe("10:00");
    expect(composeTime("2026-11-24", 7, now)).toBe("07:00");
    expect(composeTime("2026-11-23", 16, now)).toBe("16:00");
  });

  it("refuses days and slots already gone", () => {
    expect(composeTime("2026-11-22", undefined, now)).toBeUndefined();
    expect(composeTime("2026-11-23", 13, now)).toBeUndefined();
  });

  it("moves today's passed 10:00 and the current slot to the next quarter hour", () => {
    expect(composeTime("2026-11-23", undefined, now)).toBe("14:30");
    expect(composeTime("2026-11-23", 14, now)).toBe("14:30");
    const late = { date: "2026-11-23", hour: 14, minute: 50 };
    expect(composeTime("2026-11-23", 14, late)).toBeUndefined();
    expect(composeTime("2026-11-23", undefined, late)).toBe("15:00");
    expect(composeTime("2026-11-23", undefined, { ...late, hour: 23 })).toBeUndefined();
  });

  it("keeps 10:00 today while it is still ahead", () => {
    expect(composeTime("2026-11-23", undefined, { ...now, hour: 9, minute: 59 })).toBe("10:00");
  });
});
