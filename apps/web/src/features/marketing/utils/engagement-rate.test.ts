import { describe, expect, it } from "vitest";
import {
  computeEngagement,
  evaluateEngagement,
  formatRate,
  parseCount,
} from "./engagement-rate.ts";

const blank = { likes: "", comments: "", saves: "", shares: "", reach: "", followers: "" };

describe("parseCount", () => {
  it("reads whole numbers with thousands separators", () => {
    expect(parseCount("1,234")).toBe(1234);
    expect(parseCount(" 12 480 ")).toBe(12480);
    expect(parseCount("12.480")).toBe(12480);
    expect(parseCount("0")).toBe(0);
  });

  it("names what is wrong", () => {
    expect(parseCount("")).toBe("required");
    expect(parseCount("-3")).toBe("negative");
    expect(parseCount("12k")).toBe("not-a-whole-number");
  });
});

describe("computeEngagement", () => {
  it("divides all interactions by reach (Sightline's definition)", () => {
    const result = computeEngagement({
      likes: 300,
      comments: 40,
      saves: 50,
      shares: 10,
      reach: 8000,
    });
    expect(result.interactions).toBe(400);
    expect(result.rateByReach).toBeCloseTo(5);
    expect(result.rateByFollowers).toBeNull();
  });

  it("also gives the follower-based rate when followers are known", () => {
    const result = computeEngagement({
      likes: 90,
      comments: 5,
      saves: 3,
      shares: 2,
      reach: 2000,
      followers: 10000,
    });
    expect(result.rateByReach).toBeCloseTo(5);
    expect(result.rateByFollowers).toBeCloseTo(1);
  });
});

describe("evaluateEngagement", () => {
  it("reports every missing field", () => {
    const outcome = evaluateEngagement(blank);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.errors).toEqual({
        likes: "required",
        comments: "required",
        saves: "required",
        shares: "required",
        reach: "required",
      });
    }
  });

  it("refuses a reach of zero and a malformed follower count", () => {
    const outcome = evaluateEngagement({
      ...blank,
      likes: "1",
      comments: "1",
      saves: "1",
      shares: "1",
      reach: "0",
      followers: "ten",
    });
    expect(outcome).toEqual({
      ok: false,
      errors: { reach: "zero-reach", followers: "not-a-whole-number" },
    });
  });

  it("computes when the form is valid; followers are optional", () => {
    const outcome = evaluateEngagement({
      ...blank,
      likes: "1,000",
      comments: "120",
      saves: "60",
      shares: "20",
      reach: "24,000",
    });
    expect(outcome.ok && outcome.result.rateByReach).toBeCloseTo(5);
  });
});

describe("formatRate", () => {
  it("uses the reader's locale", () => {
    expect(formatRate(4.8234, "en-US")).toBe("4.82%");
    expect(formatRate(12.345, "en-US")).toBe("12.3%");
    expect(formatRate(4.8234, "es")).toMatch(/^4,82\s%$/);
  });
});
