import { describe, expect, it } from "vitest";
import { formatDuration } from "./report-format.ts";

describe("formatDuration", () => {
  it("writes each duration in its largest units, rounded to the smallest", () => {
    expect(formatDuration(null)).toBe("–");
    expect(formatDuration(0)).toBe("0 s");
    expect(formatDuration(45.2)).toBe("45 s");
    expect(formatDuration(59.6)).toBe("1 min");
    expect(formatDuration(1234)).toBe("21 min");
    expect(formatDuration(3600)).toBe("1 h");
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe("2 h 5 min");
    expect(formatDuration(86_399)).toBe("1 d");
    expect(formatDuration(57_600)).toBe("16 h");
    expect(formatDuration(108_000)).toBe("1 d 6 h");
    expect(formatDuration(3 * 86_400)).toBe("3 d");
  });
});
