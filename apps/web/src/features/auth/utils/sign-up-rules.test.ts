import { describe, expect, it } from "vitest";
import {
  canCreateAccount,
  checkPhone,
  inlineSignUpErrors,
  type SignUpValues,
  validateLogin,
  validateSignUp,
} from "./sign-up-rules.ts";

const base: SignUpValues = {
  firstName: "",
  lastName: "",
  phone: "",
  email: "ada@example.com",
  password: "sightline 2026",
  confirmPassword: "sightline 2026",
};

describe("sign-up rules", () => {
  it("enables Create Account only when email, password rule and match hold, and not while submitting", () => {
    expect(canCreateAccount(base, false)).toBe(true);
    expect(canCreateAccount(base, true)).toBe(false);
    expect(canCreateAccount({ ...base, email: " " }, false)).toBe(false);
    expect(
      canCreateAccount({ ...base, password: "abcdefgh", confirmPassword: "abcdefgh" }, false),
    ).toBe(false);
    expect(canCreateAccount({ ...base, confirmPassword: "abcdefg2" }, false)).toBe(false);
    expect(
      canCreateAccount({ ...base, password: "Password1", confirmPassword: "Password1" }, false),
    ).toBe(false);
  });

  it("shows inline messages only for fields being filled", () => {
    expect(inlineSignUpErrors({ ...base, password: "", confirmPassword: "" })).toEqual({});
    expect(inlineSignUpErrors({ ...base, password: "abc", confirmPassword: "" })).toEqual({
      password: "passwordRule",
    });
    expect(
      inlineSignUpErrors({ ...base, password: "password1", confirmPassword: "password1" }),
    ).toEqual({ password: "passwordCommon" });
    expect(inlineSignUpErrors({ ...base, confirmPassword: "abcdefg" })).toEqual({
      confirmPassword: "passwordsDoNotMatch",
    });
  });

  it("validates every rule at submit time; names and phone are optional", () => {
    expect(validateSignUp(base)).toEqual({});
    expect(validateSignUp({ ...base, email: "", password: "short", confirmPassword: "" })).toEqual({
      email: "emailRequired",
      password: "passwordRule",
      confirmPassword: "passwordsDoNotMatch",
    });
    expect(validateSignUp({ ...base, email: "not-an-email" })).toEqual({ email: "emailInvalid" });
    expect(
      validateSignUp({ ...base, password: "qwerty123", confirmPassword: "qwerty123" }),
    ).toEqual({ password: "passwordCommon" });
  });

  it("requires email and password at login, with no length rule", () => {
    expect(validateLogin({ email: "", password: "" })).toEqual({
      email: "emailRequired",
      password: "passwordRequired",
    });
    expect(validateLogin({ email: "a@b.co", password: "x" })).toEqual({});
  });
});

describe("the sign-up phone (optional, a real number, E.164)", () => {
  it("refuses what is not a phone number, at submit", () => {
    expect(validateSignUp({ ...base, phone: "not a phone ☎" }, "US")).toEqual({
      phone: "phoneInvalid",
    });
    expect(validateSignUp({ ...base, phone: "+1 555 0100" }, "US").phone).toBe("phoneInvalid");
    expect(validateSignUp({ ...base, phone: "" }, "US")).toEqual({});
  });

  it("reads national digits in the browser's region and formats the number", () => {
    expect(checkPhone("(415) 555-0123", "US")).toEqual({
      e164: "+14155550123",
      formatted: "+1 415 555 0123",
    });
    expect(checkPhone("(415) 555-0123", undefined)).toEqual({ problem: "phoneInvalid" });
    expect(checkPhone("+34 612345678", "US")).toEqual({
      e164: "+34612345678",
      formatted: "+34 612 34 56 78",
    });
  });
});
