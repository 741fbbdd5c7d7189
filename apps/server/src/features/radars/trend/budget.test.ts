import { describe, expect, it } from "vitest";
import { hashtagBudget, LOOKUP_WINDOW_MS, needsSlot } from "./budget.ts";

const now = new Date("2026-11-23T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const DAY = 24 * 3_600_000;

describe("hashtag look-up budget (30 unique per rolling 7 days)", () => {
  it("counts unique names inside the window only", () => {
    const budget = hashtagBudget(
      [
        { name: "ceramics", lookedUpAt: ago(6 * DAY) },
        { name: "Ceramics", lookedUpAt: ago(DAY) },
        { name: "pottery", lookedUpAt: ago(2 * DAY) },
        { name: "old", lookedUpAt: ago(LOOKUP_WINDOW_MS) },
        { name: "older", lookedUpAt: ago(9 * DAY) },
      ],
      now,
    );
    expect(budget.used).toBe(2);
    expect(budget.remaining).toBe(28);
    // A repeat does not restart the timer: the first look-up 6 days ago frees in 1 day.
    expect(budget.nextSlotAt?.toISOString()).toBe(new Date(now.getTime() + DAY).toISOString());
    expect(needsSlot(budget, "CERAMICS")).toBe(false);
    expect(needsSlot(budget, "old")).toBe(true);
  });

  it("is empty with no look-ups, and full at 30", () => {
    expect(hashtagBudget([], now)).toMatchObject({ used: 0, remaining: 30, nextSlotAt: null });
    const full = hashtagBudget(
      Array.from({ length: 31 }, (_, index) => ({
        name: `tag${index}`,
        lookedUpAt: ago((index + 1) * 3_600_000),
      })),
      now,
    );
    expect(full.used).toBe(31);
    expect(full.remaining).toBe(0);
    expect(full.nextSlotAt?.getTime()).toBe(now.getTime() - 31 * 3_600_000 + LOOKUP_WINDOW_MS);
  });
});
