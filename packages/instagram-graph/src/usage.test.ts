import { describe, expect, it } from "vitest";
import { parseUsageHeaders } from "./usage.ts";

describe("usage headers (§8.4)", () => {
  it("parses both headers and the worst percentage", () => {
    const usage = parseUsageHeaders(
      new Headers({
        "x-app-usage": '{"call_count":28,"total_cputime":10,"total_time":25}',
        "x-business-use-case-usage":
          '{"17841400000000000":[{"type":"instagram","call_count":85,"total_cputime":10,"total_time":25,"estimated_time_to_regain_access":3}]}',
      }),
    );
    expect(usage).toEqual({
      app: { callCount: 28, totalCputime: 10, totalTime: 25 },
      businessUseCase: [
        {
          id: "17841400000000000",
          type: "instagram",
          callCount: 85,
          totalCputime: 10,
          totalTime: 25,
          estimatedTimeToRegainAccessMinutes: 3,
        },
      ],
      maxPercent: 85,
      regainAccessMs: 180_000,
    });
  });

  it("ignores missing or malformed headers", () => {
    expect(parseUsageHeaders(new Headers())).toBeUndefined();
    expect(parseUsageHeaders(new Headers({ "x-app-usage": "not json" }))).toBeUndefined();
    expect(parseUsageHeaders(new Headers({ "x-app-usage": "{}" }))?.maxPercent).toBe(0);
  });
});
