import { z } from "zod";
import { commonPasswords } from "./common-passwords.ts";

/** Spec §5 texts, quoted exactly. */
export const authMessages = {
  passwordRule: "Password must be at least 8 characters and include letters and numbers.",
  passwordsDoNotMatch: "Passwords do not match.",
  signedIn: "Signed in successfully!",
  accountCreated: "Account created. Please check your email to confirm your address.",
  loggedOut: "Logged out",
  invalidJwtSignature: "Invalid JWT signature",
  /** Not in the spec: issue 8 point 11 refuses the most common passwords that pass the rule. */
  commonPassword:
    "This password is one of the most common and easy to guess. Please choose a less common one.",
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** Spec §5: at least 8 characters with at least one letter and one digit. */
export function isValidSignUpPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /\d/.test(password);
}

const commonPasswordSet = new Set(commonPasswords);

/** One of the most common passwords (compared without case), refused at sign-up and reset. */
export function isCommonPassword(password: string): boolean {
  return commonPasswordSet.has(password.trim().toLowerCase());
}

export const signOutScopeSchema = z.enum(["local", "others", "global"]);
export type SignOutScope = z.infer<typeof signOutScopeSchema>;

export const publicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  devMailbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Longest accepted value of each text field (characters); the server refuses longer ones. */
export const fieldLimits = {
  firstName: 120,
  lastName: 120,
  name: 250,
  email: 254,
  phoneNumber: 32,
  phone: 32,
  password: 128,
  newPassword: 128,
  currentPassword: 128,
  /** Any other string field in an auth request (tokens, codes, URLs). */
  other: 2048,
} as const;

/** The first field of an auth request body that is longer than its limit, if any. */
export function overlongAuthField(body: unknown): string | undefined {
  if (!body || typeof body !== "object") return undefined;
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== "string") continue;
    const limit = (fieldLimits as Record<string, number>)[key] ?? fieldLimits.other;
    if (value.length > limit) return key;
  }
  return undefined;
}
