import { describe, expect, it } from "vitest";
import { LEAD_MIN_CHANGE_PCT, leadingKpi } from "./analyst.ts";

describe("the Analyst's leading figure", () => {
  it("is the biggest move of reach, views and interactions when one moved noticeably", () => {
    expect(
      leadingKpi([
        { key: "reach", changePct: -12 },
        { key: "views", changePct: 8 },
        { key: "websiteTaps", changePct: -15.5 },
        { key: "profileVisits", changePct: 40 },
      ]),
    ).toBe("reach");
  });

  it("is the biggest move of all when the headline figures barely moved", () => {
    const small = LEAD_MIN_CHANGE_PCT - 0.1;
    expect(
      leadingKpi([
        { key: "reach", changePct: small },
        { key: "interactions", changePct: -1 },
        { key: "websiteTaps", changePct: -15.5 },
      ]),
    ).toBe("websiteTaps");
    expect(
      leadingKpi([
        { key: "reach", changePct: LEAD_MIN_CHANGE_PCT },
        { key: "websiteTaps", changePct: 60 },
      ]),
    ).toBe("reach");
  });

  it("skips figures without a comparable period, and is none when nothing compares", () => {
    expect(
      leadingKpi([
        { key: "reach", changePct: null },
        { key: "accountsEngaged", changePct: 3 },
      ]),
    ).toBe("accountsEngaged");
    expect(leadingKpi([{ key: "reach", changePct: null }])).toBeUndefined();
  });
});
