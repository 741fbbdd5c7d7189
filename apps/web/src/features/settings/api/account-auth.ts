import { startRegistration } from "@simplewebauthn/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getBrowserSessionClient } from "../../../lib/session/session-client.ts";
import { settingsQueryOptions } from "./get-settings.ts";

/**
 * Settings' actions that Better Auth serves itself (/api/auth/*): password, e-mail, two-factor,
 * phone, passkeys, linked identities. They are not in AppType, so their answers are typed here,
 * by the fields the page reads.
 */
const auth = () => getBrowserSessionClient();

export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  auth().callAuth<{ token: string | null }>("/change-password", {
    ...input,
    revokeOtherSessions: true,
  });

export const changeEmail = (newEmail: string) =>
  auth().callAuth<{ status: boolean }>("/change-email", { newEmail, callbackURL: "/settings" });

export const enableTwoFactor = (password: string) =>
  auth().callAuth<{ totpURI: string; backupCodes: string[] }>("/two-factor/enable", { password });

/** Verifying a code raises this session to aal2: take a fresh access token that says so. */
export async function verifyTotpEnrolment(code: string) {
  const result = await auth().callAuth<{ token: string }>("/two-factor/verify-totp", { code });
  await auth().refresh();
  return result;
}

export const disableTwoFactor = (password: string) =>
  auth().callAuth<{ status: boolean }>("/two-factor/disable", { password });

export const regenerateBackupCodes = (password: string) =>
  auth().callAuth<{ backupCodes: string[] }>("/two-factor/generate-backup-codes", { password });

export const sendPhoneCode = (phoneNumber: string) =>
  auth().callAuth<{ message?: string }>("/phone-number/send-otp", { phoneNumber });

export const verifyPhone = (phoneNumber: string, code: string) =>
  auth().callAuth<{ status: boolean }>("/phone-number/verify", {
    phoneNumber,
    code,
    updatePhoneNumber: true,
  });

export async function addPasskey(name: string) {
  const options = await auth().callAuth<Parameters<typeof startRegistration>[0]["optionsJSON"]>(
    "/passkey/generate-register-options",
  );
  const response = await startRegistration({ optionsJSON: options });
  return auth().callAuth<{ id: string }>("/passkey/verify-registration", { response, name });
}

export const renamePasskey = (id: string, name: string) =>
  auth().callAuth<unknown>("/passkey/update-passkey", { id, name });

export const deletePasskey = (id: string) =>
  auth().callAuth<unknown>("/passkey/delete-passkey", { id });

export const linkGoogle = () =>
  auth().callAuth<{ url: string }>("/link-social", {
    provider: "google",
    callbackURL: "/settings",
  });

/** Better Auth 1.7 takes the account row's id (stack notes §2, (e)). */
export const unlinkIdentity = (accountId: string) =>
  auth().callAuth<{ status: boolean }>("/unlink-account", { accountId });

/** A mutation on one of the calls above that refreshes the settings overview when it is done. */
export function useAccountAction<TInput, TResult>(
  action: (input: TInput) => Promise<TResult>,
  options: { quiet?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    meta: { skipGlobalErrorToast: options.quiet ?? false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
  });
}
