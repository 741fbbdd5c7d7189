import type { AiFact } from "@sightline/contracts";
import { describe, expect, it } from "vitest";
import { allowedByFacts, extractClaims, groundingViolations } from "./grounding.ts";

const facts: AiFact[] = [
  {
    id: "kpi.reach",
    kind: "kpi-change",
    title: "Reach",
    statement: "Reach was 12,345 over 28 days, up 12.3% from 10,993.",
    figures: { value: 12345, previous: 10993, changePct: 12.2986, days: 28 },
    period: { from: "2026-10-31", to: "2026-11-27" },
    sample: { size: 28, unit: "days" },
    links: [],
  },
  {
    id: "format.reel-vs-image",
    kind: "format-comparison",
    title: "Reels against images",
    statement: "Reels reach a median 2,130 accounts against 1,010 for images.",
    figures: { ratio: 2.1089, engagement: 0.0412, best: "#sourdough", by: "@lena.makes" },
    period: null,
    sample: { size: 19, unit: "posts" },
    links: [],
  },
];

describe("the grounding guard", () => {
  const allowed = allowedByFacts(facts);

  it("finds numbers, dates, times, handles and hashtags in text", () => {
    const found = extractClaims(
      "On Nov 3 and 2026-11-27 at 18:00, @lena.makes used #flatwhite: 1.2k views, 2,130 reach, 4.1%.",
    );
    expect(found.dates).toEqual(["11-27", "11-03"]);
    expect(found.times).toEqual(["18:00"]);
    expect(found.handles).toEqual(["lena.makes"]);
    expect(found.hashtags).toEqual(["flatwhite"]);
    expect(found.numbers.map((entry) => entry.value)).toEqual([1200, 2130, 4.1]);
  });

  it("passes wording that only restates the facts, rounded as written", () => {
    const text =
      "Reach rose 12% to 12,345 (from 10,993) between Oct 31 and 2026-11-27. Reels reach 2.1× your images (19 posts); engagement 4.1%. #sourdough works for @lena.makes over 28 days.";
    expect(groundingViolations(text, allowed)).toEqual([]);
  });

  it("names every invented number, date, handle and hashtag", () => {
    const text =
      "Reach rose 15% on 2026-11-03, reels reach 2.7× images; thanks to @someone.else and #coffee.";
    expect(groundingViolations(text, allowed)).toEqual([
      "number 15",
      "number 2.7",
      "date 11-03",
      "@someone.else",
      "#coffee",
    ]);
  });

  it("does not accept a number the facts only come close to", () => {
    expect(groundingViolations("Reach was 12,346.", allowed)).toEqual(["number 12,346"]);
    expect(groundingViolations("Reach was 12.3k.", allowed)).toEqual([]);
    expect(groundingViolations("Reach was 12.4k.", allowed)).toEqual(["number 12.4k"]);
  });
});
