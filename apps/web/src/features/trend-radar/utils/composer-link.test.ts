import { describe, expect, it } from "vitest";
import { composerLink } from "./composer-link.ts";

describe("composerLink", () => {
  it("opens the scheduler's composer with the campaign and hashtags", () => {
    expect(composerLink(["coffee", "latteart"])).toBe(
      "/content-scheduler?compose=1&campaign=Trend%20Radar&hashtags=coffee,latteart",
    );
  });
});
