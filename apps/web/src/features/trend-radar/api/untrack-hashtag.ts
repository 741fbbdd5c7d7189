import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { trendRadarQueryKey } from "./trend-radar-keys.ts";

/** DELETE /api/trend-radar/hashtags/:id (its look-up stays counted for the week). */
export const untrackHashtag = (id: string) =>
  unwrap(api["trend-radar"].hashtags[":id"].$delete({ param: { id } }));

export function useUntrackHashtag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: untrackHashtag,
    onSettled: () => queryClient.invalidateQueries({ queryKey: trendRadarQueryKey }),
  });
}
