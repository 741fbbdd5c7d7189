import { describe, expect, it } from "vitest";
import { formatChange, formatCount, formatRate, parseRecipients } from "./format.ts";

describe("report formatting", () => {
  it("writes counts, rates and changes as the PDF does", () => {
    expect(formatCount(26096)).toBe("26,096");
    expect(formatCount(7142.34)).toBe("7,142.3");
    expect(formatCount(null)).toBe("–");
    expect(formatRate(0.0853)).toBe("8.5%");
    expect(formatChange(-18.04)).toBe("-18.0% vs previous");
    expect(formatChange(3)).toBe("+3.0% vs previous");
    expect(formatChange(null)).toBe("not compared");
  });

  it("reads addresses one per line or separated by commas, once each", () => {
    expect(parseRecipients("a@x.com, b@x.com\nc@x.com  a@x.com")).toEqual([
      "a@x.com",
      "b@x.com",
      "c@x.com",
    ]);
  });
});
