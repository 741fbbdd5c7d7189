import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { competitorsQueryKey } from "./competitors-keys.ts";

/** POST /api/competitors: one Business Discovery look-up, stored as the first daily read. */
export const addCompetitor = (username: string) =>
  unwrap(api.competitors.$post({ json: { username } }));

export function useAddCompetitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCompetitor,
    // The form says what went wrong in place (not found, already tracked, the budget); a plan
    // refusal still opens 'Upgrade your plan' (lib/query-client.ts).
    meta: { skipGlobalErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: competitorsQueryKey }),
  });
}
