import { describe, expect, it } from "vitest";
import { statementSlices } from "./statement-slices.ts";

describe("statementSlices", () => {
  it("cuts a list into slices of at most a thousand, in order, and an empty list into none", () => {
    const items = Array.from({ length: 2001 }, (_, index) => index);
    const slices = statementSlices(items);
    expect(slices.map((slice) => slice.length)).toEqual([1000, 1000, 1]);
    expect(slices.flat()).toEqual(items);
    expect(statementSlices([])).toEqual([]);
  });
});
