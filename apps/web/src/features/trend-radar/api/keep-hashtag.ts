import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { trendRadarQueryKey } from "./trend-radar-keys.ts";

/**
 * POST /api/trend-radar/hashtags/:id/keep: on a plan that samples fewer hashtags than are
 * tracked, this one is sampled and the one last in line pauses (issue 30).
 */
export const keepHashtag = (id: string) =>
  unwrap(api["trend-radar"].hashtags[":id"].keep.$post({ param: { id } }));

export function useKeepHashtag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepHashtag,
    onSettled: () => queryClient.invalidateQueries({ queryKey: trendRadarQueryKey }),
  });
}
