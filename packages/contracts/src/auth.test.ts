import { describe, expect, it } from "vitest";
import { isValidSignUpPassword } from "./auth.ts";

describe("isValidSignUpPassword", () => {
  it.each([
    ["abcdefg1", true],
    ["12345678a", true],
    ["pässwört9", true],
    ["abcdefgh", false],
    ["12345678", false],
    ["abc1234", false],
    ["", false],
  ])("%s → %s", (password, expected) => {
    expect(isValidSignUpPassword(password)).toBe(expected);
  });
});
