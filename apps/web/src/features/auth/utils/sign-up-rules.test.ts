import { describe, expect, it } from "vitest";
import {
  canCreateAccount,
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
