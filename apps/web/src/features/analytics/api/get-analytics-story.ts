import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** GET /api/analytics/stories/:igMediaId: a story with every stored read and its webhook. */
export const getAnalyticsStory = (igMediaId: string) =>
  unwrap(api.analytics.stories[":igMediaId"].$get({ param: { igMediaId } }));

export const analyticsStoryQueryOptions = (igMediaId: string) =>
  queryOptions({
    queryKey: ["analytics", "story", igMediaId] as const,
    queryFn: () => getAnalyticsStory(igMediaId),
  });

export const useAnalyticsStory = (igMediaId: string | null) =>
  useQuery({ ...analyticsStoryQueryOptions(igMediaId ?? ""), enabled: igMediaId !== null });
