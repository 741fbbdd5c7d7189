import { describe, expect, it } from "vitest";
import { type GrowthDay, growthRate, nextMilestone, projectMilestone } from "./growth.ts";

function days(count: number, follows: number, unfollows: number, from = "2026-03-01"): GrowthDay[] {
  return Array.from({ length: count }, (_, index) => ({
    day: new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
    follows,
    unfollows,
  }));
}

describe("follower milestones", () => {
  it("is the next round number strictly above the count", () => {
    expect(nextMilestone(0)).toBe(100);
    expect(nextMilestone(99)).toBe(100);
    expect(nextMilestone(100)).toBe(250);
    expect(nextMilestone(2_000)).toBe(2_500);
    expect(nextMilestone(24_999)).toBe(25_000);
    expect(nextMilestone(25_000)).toBe(50_000);
    expect(nextMilestone(999_999)).toBe(1_000_000);
  });
});

describe("growth rate", () => {
  it("is the net change over the followers at the start of the stored days", () => {
    const rate = growthRate(1_100, days(10, 15, 5));
    expect(rate).toMatchObject({
      netChange: 100,
      follows: 150,
      unfollows: 50,
      startFollowers: 1_000,
      ratePct: 10,
      days: 10,
      from: "2026-03-01",
      to: "2026-03-10",
    });
  });

  it("leaves out days with half the figures missing instead of guessing them", () => {
    const input = [...days(2, 10, 0), { day: "2026-03-03", follows: 50, unfollows: null }];
    expect(growthRate(120, input)).toMatchObject({ netChange: 20, days: 2 });
    expect(growthRate(120, [{ day: "2026-03-03", follows: null, unfollows: null }])).toBeNull();
    expect(growthRate(null, days(3, 1, 0))).toBeNull();
  });
});

describe("milestone projection", () => {
  it("divides what is left by the average net growth per day", () => {
    const projection = projectMilestone(2_000, days(28, 12, 2), "2026-04-01");
    expect(projection).toMatchObject({
      milestone: 2_500,
      perDay: 10,
      basisDays: 28,
      daysToGo: 50,
      date: "2026-05-21",
    });
    expect(projection && "assumption" in projection && projection.assumption).toContain(
      "last 28 stored days (10.0 followers a day",
    );
  });

  it("rounds a part day up: the milestone is reached on the day the count passes it", () => {
    expect(projectMilestone(2_497, days(7, 2, 0), "2026-04-01")).toMatchObject({ daysToGo: 2 });
  });

  it("gives a reason instead of a date when it cannot honestly project", () => {
    expect(projectMilestone(2_000, days(6, 12, 2), "2026-04-01")).toMatchObject({
      milestone: 2_500,
      reason: expect.stringContaining("at least 7 days"),
    });
    expect(projectMilestone(2_000, days(28, 2, 2), "2026-04-01")).toMatchObject({
      reason: expect.stringContaining("no date"),
    });
    expect(projectMilestone(2_000, days(28, 1, 0.99), "2026-04-01")).toMatchObject({
      reason: expect.stringContaining("more than ten years"),
    });
    expect(projectMilestone(null, days(28, 1, 0), "2026-04-01")).toBeNull();
  });
});
