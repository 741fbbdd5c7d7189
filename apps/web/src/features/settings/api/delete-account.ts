import type { DeleteAccountInput } from "@sightline/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/settings/delete-account: the same deletion path as /data-deletion. */
export const deleteAccount = (input: DeleteAccountInput) =>
  unwrap(api.settings["delete-account"].$post({ json: input }));

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, meta: { skipGlobalErrorToast: true } });
}
