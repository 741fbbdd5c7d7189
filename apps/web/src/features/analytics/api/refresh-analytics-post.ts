import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { analyticsPostQueryOptions } from "./get-analytics-post.ts";

/** POST /api/analytics/posts/:igMediaId/refresh: reads one post's insights now (rate-limited). */
export const refreshAnalyticsPost = (igMediaId: string) =>
  unwrap(api.analytics.posts[":igMediaId"].refresh.$post({ param: { igMediaId } }));

export const useRefreshAnalyticsPost = (igMediaId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshAnalyticsPost(igMediaId),
    onSuccess: (detail) => {
      queryClient.setQueryData(analyticsPostQueryOptions(igMediaId).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: ["analytics", "posts"] });
    },
  });
};
