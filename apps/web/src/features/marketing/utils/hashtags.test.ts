import { describe, expect, it } from "vitest";
import {
  analyzeHashtags,
  formatHashtags,
  HASHTAG_WARNING_ABOVE,
  MAX_HASHTAGS,
} from "./hashtags.ts";

describe("analyzeHashtags", () => {
  it("strips #, trims and splits on spaces, commas and new lines", () => {
    const result = analyzeHashtags("#travel, ##food\n  photography;  #Café ");
    expect(result.tags).toEqual(["travel", "food", "photography", "Café"]);
    expect(result.count).toBe(4);
  });

  it("drops duplicates without regard to case and reports them", () => {
    const result = analyzeHashtags("#Travel #travel #TRAVEL #food");
    expect(result.tags).toEqual(["Travel", "food"]);
    expect(result.duplicates).toEqual(["travel", "TRAVEL"]);
  });

  it("reports entries Instagram would not accept", () => {
    const result = analyzeHashtags("#ok #not-ok #2024 #fine_2024 #hello!");
    expect(result.tags).toEqual(["ok", "fine_2024"]);
    expect(result.invalid).toEqual(["#not-ok", "#2024", "#hello!"]);
  });

  it("warns above 25 and flags more than 30", () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(" ");
    expect(analyzeHashtags(tags(HASHTAG_WARNING_ABOVE)).isNearLimit).toBe(false);
    expect(analyzeHashtags(tags(HASHTAG_WARNING_ABOVE + 1)).isNearLimit).toBe(true);
    expect(analyzeHashtags(tags(MAX_HASHTAGS)).isOverLimit).toBe(false);
    const over = analyzeHashtags(tags(MAX_HASHTAGS + 1));
    expect(over.isOverLimit).toBe(true);
    expect(over.count).toBe(31);
  });

  it("handles empty input", () => {
    expect(analyzeHashtags("  \n ,, ").count).toBe(0);
  });
});

describe("formatHashtags", () => {
  it("lays the tags out for pasting", () => {
    expect(formatHashtags(["a", "b"])).toBe("#a #b");
    expect(formatHashtags(["a", "b"], "lines")).toBe("#a\n#b");
    expect(formatHashtags(["a"], "dots")).toBe(".\n.\n.\n#a");
  });
});
