import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { pressRadarQueryKey } from "./press-radar-keys.ts";

/** POST /api/press-radar/sources: checked and fetched by the server before it is stored. */
export const addPressSource = (url: string) =>
  unwrap(api["press-radar"].sources.$post({ json: { url } }));

export function useAddPressSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPressSource,
    // The form shows the server's refusal next to the field.
    meta: { skipGlobalErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pressRadarQueryKey }),
  });
}
