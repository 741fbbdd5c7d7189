import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl-formats.ts";

describe("kept Intl formatters", () => {
  it("builds one formatter per locale and options, and formats as a new one would", () => {
    const percent = numberFormat("en", { style: "percent", maximumFractionDigits: 1 });
    expect(numberFormat("en", { style: "percent", maximumFractionDigits: 1 })).toBe(percent);
    expect(percent.format(0.1234)).toBe("12.3%");
    // Other options or another locale: another formatter.
    expect(numberFormat("en", { style: "percent" })).not.toBe(percent);
    expect(numberFormat("de", { maximumFractionDigits: 1 }).format(1234.56)).toBe("1.234,6");
    expect(numberFormat("en").format(1234567)).toBe("1,234,567");

    const day = dateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", day: "numeric", month: "short" });
    expect(
      dateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", day: "numeric", month: "short" }),
    ).toBe(day);
    const instant = new Date("2026-01-31T20:00:00Z");
    expect(day.format(instant)).toBe("1 Feb");
    expect(
      dateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" }).format(instant),
    ).toBe("31 Jan");
  });
});
