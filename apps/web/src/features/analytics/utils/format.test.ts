import { describe, expect, it } from "vitest";
import {
  changeDirection,
  formatChangePct,
  formatCompact,
  formatRatioPercent,
  formatSignedCount,
} from "./format.ts";

describe("analytics formatting", () => {
  it("formats compact numbers", () => {
    expect(formatCompact(26_123, "en-US")).toBe("26.1K");
    expect(formatCompact(950, "en-US")).toBe("950");
    expect(formatCompact(1_250_000, "en-US")).toBe("1.3M");
  });

  it("formats a ratio as a percent", () => {
    expect(formatRatioPercent(0.042, "en-US")).toBe("4.2%");
    expect(formatRatioPercent(0, "en-US")).toBe("0%");
  });

  it("gives a change its sign and direction", () => {
    expect(formatChangePct(12.5, "en-US")).toBe("+12.5%");
    expect(formatChangePct(-3, "en-US")).toBe("-3%");
    expect(formatChangePct(0, "en-US")).toBe("0%");
    expect(changeDirection(12.5)).toBe("up");
    expect(changeDirection(-3)).toBe("down");
    expect(changeDirection(0)).toBe("flat");
    expect(formatSignedCount(120, "en-US")).toBe("+120");
  });
});
