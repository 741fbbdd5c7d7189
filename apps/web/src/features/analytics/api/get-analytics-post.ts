import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/analytics/posts/:igMediaId: a post with every stored snapshot of its metrics. */
export const getAnalyticsPost = (igMediaId: string) =>
  unwrap(api.analytics.posts[":igMediaId"].$get({ param: { igMediaId } }));

export type AnalyticsPostDetail = SuccessData<
  Awaited<ReturnType<(typeof api.analytics.posts)[":igMediaId"]["$get"]>>
>;

export const analyticsPostQueryOptions = (igMediaId: string) =>
  queryOptions({
    queryKey: ["analytics", "post", igMediaId] as const,
    queryFn: () => getAnalyticsPost(igMediaId),
  });

export const useAnalyticsPost = (igMediaId: string | null) =>
  useQuery({ ...analyticsPostQueryOptions(igMediaId ?? ""), enabled: igMediaId !== null });
