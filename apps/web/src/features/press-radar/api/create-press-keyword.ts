import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { pressRadarQueryKey } from "./press-radar-keys.ts";

/** POST /api/press-radar/keywords: a term and the words that rule a match out. */
export const createPressKeyword = (input: { term: string; exclusions: string[] }) =>
  unwrap(api["press-radar"].keywords.$post({ json: input }));

export function useCreatePressKeyword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPressKeyword,
    meta: { skipGlobalErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pressRadarQueryKey }),
  });
}
