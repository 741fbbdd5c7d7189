import { describe, expect, it } from "vitest";
import { highlightParts } from "./highlight.ts";

describe("highlightParts", () => {
  it("splits around ranges and ignores bad ones", () => {
    expect(highlightParts("Hello Lena Makes!", [[6, 16]])).toEqual([
      { text: "Hello ", isMatch: false },
      { text: "Lena Makes", isMatch: true },
      { text: "!", isMatch: false },
    ]);
    expect(
      highlightParts("abc", [
        [2, 9],
        [1, 1],
      ]),
    ).toEqual([{ text: "abc", isMatch: false }]);
  });
});
