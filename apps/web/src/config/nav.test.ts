import { describe, expect, it } from "vitest";
import { appPageTitle, isMainAreaPadded } from "./nav.ts";

describe("the header title and main padding (spec §2)", () => {
  it("takes the title from the path and defaults to Dashboard", () => {
    expect(appPageTitle("/trend-radar")).toBe("Trend Radar");
    expect(appPageTitle("/settings/security")).toBe("Settings");
    expect(appPageTitle("/reports/0b7f0c1e-1111-4111-8111-111111111111")).toBe("Reports");
    expect(appPageTitle("/somewhere-else")).toBe("Dashboard");
    expect(appPageTitle("/messages-archive")).toBe("Dashboard");
  });

  it("leaves /messages and /content-scheduler unpadded", () => {
    expect(isMainAreaPadded("/messages")).toBe(false);
    expect(isMainAreaPadded("/content-scheduler")).toBe(false);
    expect(isMainAreaPadded("/dashboard")).toBe(true);
    expect(isMainAreaPadded("/unknown")).toBe(true);
  });
});
