import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { trendRadarQueryKey } from "./trend-radar-keys.ts";

/** POST /api/trend-radar/hashtags: one of the 30 weekly look-ups unless already counted. */
export const trackHashtag = (name: string) =>
  unwrap(api["trend-radar"].hashtags.$post({ json: { name } }));

export function useTrackHashtag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trackHashtag,
    meta: { skipGlobalErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: trendRadarQueryKey }),
  });
}
