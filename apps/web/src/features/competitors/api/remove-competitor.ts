import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { competitorsQueryKey } from "./competitors-keys.ts";

/** DELETE /api/competitors/:id: its stored reads go with it. */
export const removeCompetitor = (id: string) =>
  unwrap(api.competitors[":id"].$delete({ param: { id } }));

export function useRemoveCompetitor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCompetitor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: competitorsQueryKey }),
  });
}
