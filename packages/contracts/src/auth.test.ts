import { describe, expect, it } from "vitest";
import { isCommonPassword, isValidSignUpPassword } from "./auth.ts";

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

describe("isCommonPassword", () => {
  it.each(["password1", "Password1", "PASSW0RD", "qwerty123", "abcd1234", "1q2w3e4r"])(
    "refuses %s",
    (password) => {
      expect(isValidSignUpPassword(password)).toBe(true);
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(["correct horse 42", "sightline 2026", "pässwört9"])("accepts %s", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
