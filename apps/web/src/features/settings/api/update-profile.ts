import type { UpdateProfileInput } from "@sightline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { settingsQueryOptions } from "./get-settings.ts";

/** PATCH /api/settings/profile */
export const updateProfile = (input: UpdateProfileInput) =>
  unwrap(api.settings.profile.$patch({ json: input }));

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The form shows field errors itself; other failures get the global toast.
    meta: { skipGlobalErrorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey }),
  });
}
