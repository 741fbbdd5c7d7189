import { describe, expect, it } from "vitest";
import { LAST_READ_BEFORE_EXPIRY_MS } from "../sync/stories.ts";
import { lastReadsDue } from "./read-stories.job.ts";

const now = Date.parse("2026-11-29T12:00:00Z");
const story = (id: string, endsInMinutes: number) => ({
  igMediaId: id,
  at: new Date(now + endsInMinutes * 60_000),
});

describe("the last read before a story ends (decision 039)", () => {
  it("is scheduled for the stories the next hourly read would miss, minutes before their end", () => {
    const due = lastReadsDue(
      [story("ends-in-40-min", 40), story("ends-in-64-min", 64), story("ends-in-5-h", 300)],
      now,
    );
    expect(due).toEqual([
      { igMediaId: "ends-in-40-min", at: new Date(now + 40 * 60_000 - LAST_READ_BEFORE_EXPIRY_MS) },
      { igMediaId: "ends-in-64-min", at: new Date(now + 64 * 60_000 - LAST_READ_BEFORE_EXPIRY_MS) },
    ]);
  });

  it("is not scheduled for a story inside its last minutes (this read was its last) or gone", () => {
    expect(lastReadsDue([story("ends-in-2-min", 2), story("ended", -10)], now)).toEqual([]);
  });
});
