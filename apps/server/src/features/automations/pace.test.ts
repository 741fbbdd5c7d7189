import { describe, expect, it } from "vitest";
import { allOutAt } from "./pace.ts";

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 29, 12, 0, 0);

describe("allOutAt: when a kind's queue is empty at its hourly pace", () => {
  it("is now when the hour has room for every waiting action", () => {
    expect(allOutAt({ waiting: 10, lastDueMs: now, sentMs: [], perHour: 750, nowMs: now })).toBe(
      now,
    );
  });

  it("waits for the last due time (a delay) when there is room", () => {
    const later = now + 60_000;
    expect(allOutAt({ waiting: 3, lastDueMs: later, sentMs: [], perHour: 10, nowMs: now })).toBe(
      later,
    );
  });

  it("counts only what goes beyond the hour's room", () => {
    // 8 of 10 sent 30 minutes ago: room for 2 now; the third waits for the first of the 8.
    const sent = Array.from({ length: 8 }, () => now - 30 * 60_000);
    expect(allOutAt({ waiting: 2, lastDueMs: now, sentMs: sent, perHour: 10, nowMs: now })).toBe(
      now,
    );
    expect(allOutAt({ waiting: 3, lastDueMs: now, sentMs: sent, perHour: 10, nowMs: now })).toBe(
      now + 30 * 60_000,
    );
  });

  it("a 1,000 burst at 750 an hour with nothing sent: 750 now, the rest an hour later", () => {
    expect(allOutAt({ waiting: 750, lastDueMs: now, sentMs: [], perHour: 750, nowMs: now })).toBe(
      now,
    );
    expect(allOutAt({ waiting: 1000, lastDueMs: now, sentMs: [], perHour: 750, nowMs: now })).toBe(
      now + HOUR,
    );
    expect(allOutAt({ waiting: 1600, lastDueMs: now, sentMs: [], perHour: 750, nowMs: now })).toBe(
      now + 2 * HOUR,
    );
  });

  it("ignores sends older than an hour", () => {
    const old = [now - 2 * HOUR, now - HOUR - 1];
    expect(allOutAt({ waiting: 1, lastDueMs: now, sentMs: old, perHour: 1, nowMs: now })).toBe(now);
  });
});
