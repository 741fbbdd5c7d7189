import { z } from "zod";
import { authMessages, isValidSignUpPassword } from "./auth.ts";

export const supportedLanguages = ["en", "es"] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];

/** An IANA zone name the runtime knows ("Europe/Madrid", "UTC"). */
export function isValidTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const name = (label: string) =>
  z
    .string()
    .trim()
    .max(80, `Keep the ${label} under 80 characters.`)
    .refine(
      (value) =>
        ![...value].some((char) => char.charCodeAt(0) < 32 || char === "<" || char === ">"),
      `The ${label} contains characters we cannot store.`,
    );

export const updateProfileInputSchema = z.object({
  firstName: name("first name"),
  lastName: name("last name"),
  timeZone: z.string().trim().max(64).refine(isValidTimeZone, "Choose a time zone from the list."),
  language: z.enum(supportedLanguages, { error: "Choose English or Spanish." }),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

/** The change-password form (spec §5 rule and messages; the server's auth hook checks it too). */
export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password.").max(256),
    newPassword: z.string().max(256).refine(isValidSignUpPassword, authMessages.passwordRule),
    confirmPassword: z.string().max(256),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: authMessages.passwordsDoNotMatch,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const changeEmailInputSchema = z.object({
  newEmail: z.email({ error: "Enter a valid e-mail address." }).trim().max(254),
});

export const deleteAccountInputSchema = z.object({
  email: z.string().trim().min(1, "Type your e-mail address to confirm.").max(254),
  /** Required when the account has a password: deleting re-authenticates (issue 25). */
  password: z.string().max(256).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

export const sessionIdParamSchema = z.object({ id: z.string().min(1).max(128) });
export const exportIdParamSchema = z.object({ id: z.uuid() });

/** How long a finished export can be downloaded. */
export const DATA_EXPORT_TTL_HOURS = 24;

export const settingsMessages = {
  deleteEmailMismatch: "The e-mail you typed does not match your account.",
  deletePasswordWrong: "The password is not right.",
  deleteNeedsRecentSignIn: "Sign out and sign in again (within 10 minutes) to delete your account.",
} as const;
