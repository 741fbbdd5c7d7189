import { describe, expect, it } from "vitest";
import {
  activeUnderLimit,
  capabilities,
  effectivePlan,
  formatCapability,
  historyNote,
  historyRefusal,
  historyStart,
  pausedByPlanReason,
  planAllowingMore,
  planCan,
  planCapabilities,
  planGains,
  planIds,
  planRequiredFor,
} from "./plans.ts";

describe("the plan table (design/product.md, Plans)", () => {
  it("holds the design's numbers", () => {
    expect(planIds.map((plan) => planCapabilities[plan].accounts)).toEqual([1, 1, 3, 10]);
    expect(planIds.map((plan) => planCapabilities[plan].historyDays)).toEqual([30, 90, 730, 730]);
    expect(planIds.map((plan) => planCapabilities[plan].scheduledPostsPerMonth)).toEqual([
      10,
      null,
      null,
      null,
    ]);
    expect(planIds.map((plan) => planCapabilities[plan].aiCreditsPerMonth)).toEqual([
      5,
      null,
      null,
      null,
    ]);
    expect(planIds.map((plan) => planCapabilities[plan].trendHashtags)).toEqual([3, 10, 30, 30]);
    expect(planIds.map((plan) => planCapabilities[plan].pressKeywords)).toEqual([1, 3, 10, 30]);
    expect(planIds.map((plan) => planCapabilities[plan].competitors)).toEqual([0, 1, 5, 20]);
    expect(planIds.map((plan) => planCan(plan, "advancedAnalytics"))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(planIds.map((plan) => planCan(plan, "automations"))).toEqual([false, false, true, true]);
    expect(planIds.map((plan) => planCan(plan, "teamMembers"))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(planIds.map((plan) => planCan(plan, "aiTeam"))).toEqual([false, true, true, true]);
    expect(planIds.map((plan) => planCan(plan, "publicApi"))).toEqual([false, false, true, true]);
  });

  it("never gives less on a larger plan", () => {
    for (const capability of capabilities) {
      for (let index = 1; index < planIds.length; index += 1) {
        const smaller = planIds[index - 1]!;
        const larger = planIds[index]!;
        expect(planAllowingMore(larger, capability), `${capability}: ${larger}`).not.toBe(smaller);
        if (planCan(smaller, capability)) expect(planCan(larger, capability)).toBe(true);
      }
    }
  });

  it("names the cheapest plan with more, skipping one that gives the same", () => {
    expect(planAllowingMore("free", "accounts")).toBe("pro");
    expect(planAllowingMore("free", "advancedAnalytics")).toBe("pro");
    expect(planAllowingMore("free", "trendHashtags")).toBe("starter");
    expect(planAllowingMore("pro", "teamMembers")).toBe("premium");
    expect(planAllowingMore("pro", "trendHashtags")).toBeUndefined();
    expect(planAllowingMore("premium", "accounts")).toBeUndefined();
    expect(planAllowingMore("free", "scheduledPostsPerMonth")).toBe("starter");
    expect(planRequiredFor("starter", "automations")).toEqual({
      capability: "automations",
      plan: "starter",
      requiredPlan: "pro",
    });
  });

  it("lists what an upgrade adds and words each cell", () => {
    expect(planGains("pro", "premium")).toEqual([
      "accounts",
      "pressKeywords",
      "teamMembers",
      "competitors",
      "storageBytes",
    ]);
    expect(formatCapability("free", "historyDays")).toBe("30 days");
    expect(formatCapability("pro", "historyDays")).toBe("2 years");
    expect(formatCapability("starter", "scheduledPostsPerMonth")).toBe("Unlimited");
    expect(formatCapability("free", "advancedAnalytics")).toBe("–");
    expect(formatCapability("pro", "advancedAnalytics")).toBe("Yes");
    expect(formatCapability("free", "competitors")).toBe("–");
    expect(formatCapability("premium", "storageBytes")).toBe("50 GB");
  });

  it("reads an ended plan as Free", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(effectivePlan("pro", null, now)).toBe("pro");
    expect(effectivePlan("pro", new Date("2026-11-28T12:00:01Z"), now)).toBe("pro");
    expect(effectivePlan("pro", new Date("2026-11-28T12:00:00Z"), now)).toBe("free");
  });

  it("opens each plan's history window its number of days before today", () => {
    // A 28-day period ends yesterday: it starts 28 days back, inside Free's 30.
    expect(historyStart("free", "2026-11-28")).toBe("2026-10-29");
    expect(historyStart("starter", "2026-11-28")).toBe("2026-08-30");
    expect(historyStart("pro", "2026-11-28")).toBe("2024-11-28");
    expect(historyStart("premium", "2024-03-01")).toBe("2022-03-02");
  });

  it("says how much stored history a window hides, and who shows it", () => {
    expect(historyNote("free", 60)).toBe("Your plan shows 30 days; 60 more are stored.");
    expect(historyNote("free", 1)).toBe("Your plan shows 30 days; 1 more is stored.");
    expect(historyNote("pro", 45)).toBe("Your plan shows 2 years; 45 more days are stored.");
    expect(historyNote("starter", 1250, "posts")).toBe(
      "Your plan shows 90 days; 1,250 more posts are stored.",
    );
    expect(historyNote("free", 0)).toBeNull();
    expect(historyRefusal("free", "2026-10-29")).toBe(
      "The Free plan shows the last 30 days of analytics, from 2026-10-29. Upgrade to Starter to see 90 days.",
    );
    expect(historyRefusal("premium", "2024-11-28")).toBe(
      "The Premium plan shows the last 2 years of analytics, from 2024-11-28.",
    );
  });

  it("keeps the chosen, then the oldest, active under a smaller plan's limit", () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const items = [
      { id: "c", keptAt: null, createdAt: at(3) },
      { id: "a", keptAt: null, createdAt: at(1) },
      { id: "b", keptAt: null, createdAt: at(2) },
      { id: "d", keptAt: null, createdAt: at(4) },
    ];
    expect([...activeUnderLimit(items, 2)]).toEqual(["a", "b"]);
    expect(activeUnderLimit(items, null).size).toBe(4);
    expect(activeUnderLimit(items, 10).size).toBe(4);
    // Keeping one brings it in and pushes the newest of the rest out; the latest choice wins.
    const kept = items.map((item) =>
      item.id === "d"
        ? { ...item, keptAt: at(10) }
        : item.id === "c"
          ? { ...item, keptAt: at(9) }
          : item,
    );
    expect([...activeUnderLimit(kept, 1)]).toEqual(["d"]);
    expect([...activeUnderLimit(kept, 3)]).toEqual(["d", "c", "a"]);
    expect(pausedByPlanReason("free", "trendHashtags")).toBe(
      "Paused: the Free plan can track up to 3 hashtags. It is not sampled; its history stays.",
    );
    expect(pausedByPlanReason("free", "accounts")).toBe(
      "Paused: the Free plan can connect up to 1 Instagram account. It is not synced or published to; its history stays.",
    );
  });
});
