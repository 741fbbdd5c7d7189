import { describe, expect, it } from "vitest";
import {
  appNavigation,
  appPageTitle,
  homePathFor,
  isMainAreaPadded,
  isNavItemOpen,
} from "./nav.ts";

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

describe("what each role sees in the sidebar, and where it starts (decision 037 addendum)", () => {
  const labelsFor = (role: Parameters<typeof homePathFor>[0]) =>
    appNavigation.filter((item) => isNavItemOpen(item, role)).map((item) => item.label);

  it("shows a Client only the pages they can open, and starts them on Reviews", () => {
    expect(labelsFor("client")).toEqual(["Reviews", "Reports", "Settings"]);
    expect(homePathFor("client")).toBe("/reviews");
  });

  it("keeps Reviews from a role without review, and starts readers on the dashboard", () => {
    expect(labelsFor("analyst")).not.toContain("Reviews");
    expect(labelsFor("analyst")).toContain("Dashboard");
    expect(labelsFor("editor")).toContain("Reviews");
    for (const role of ["owner", "admin", "editor", "analyst"] as const) {
      expect(homePathFor(role)).toBe("/dashboard");
    }
  });

  it("hides nothing while the role is unknown", () => {
    expect(labelsFor(undefined)).toHaveLength(appNavigation.length);
    expect(appPageTitle("/reviews")).toBe("Reviews");
  });
});
