import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { pressRadarQueryKey } from "./press-radar-keys.ts";

/**
 * POST /api/press-radar/keywords/:id/keep: on a plan that matches fewer keywords than are
 * watched, this one is matched and the one last in line pauses (issue 30).
 */
export const keepPressKeyword = (id: string) =>
  unwrap(api["press-radar"].keywords[":id"].keep.$post({ param: { id } }));

export function useKeepPressKeyword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepPressKeyword,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pressRadarQueryKey }),
  });
}
