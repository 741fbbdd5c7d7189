import { describe, expect, it } from "vitest";
import { isTestFile, webSources } from "../testing/web-sources.ts";

/** The web app's source files (tests excluded), by path, as text. */
const sources = webSources((file) => /\.(tsx?|css)$/.test(file) && !isTestFile(file));

describe("no backdrop filter in the web app", () => {
  // Where compositing runs in software (no GPU, a remote desktop, a blocklisted driver, the
  // browser tests' headless Chromium) a backdrop blur is drawn again at every blink of a focused
  // field's caret: 20-50 % of a core while the composer sat open (decision 020, sixteenth round).
  // The pattern is written so that Tailwind, which reads this file too, finds no class name in it.
  it("uses plain scrims and solid headers: no backdrop blur class, no backdrop filter rule", () => {
    expect(sources.size).toBeGreaterThan(100);
    const found = [...sources].flatMap(([file, text]) =>
      text
        .split("\n")
        .flatMap((line, index) =>
          /backdrop-(blur|filter)/.test(line) ? [`${file}:${index + 1}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
