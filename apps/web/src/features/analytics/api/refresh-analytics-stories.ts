import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/analytics/stories/refresh: reads the live stories' insights now (rate-limited). */
export const refreshAnalyticsStories = () => unwrap(api.analytics.stories.refresh.$post());

export const useRefreshAnalyticsStories = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshAnalyticsStories,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["analytics", "stories"] });
      void queryClient.invalidateQueries({ queryKey: ["analytics", "story"] });
    },
  });
};
