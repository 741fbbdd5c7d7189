import type { AnalyticsPostSort, AnalyticsPostType } from "@sightline/contracts";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

export interface AnalyticsPostsFilter {
  sort: AnalyticsPostSort;
  order: "asc" | "desc";
  type?: AnalyticsPostType;
  q?: string;
}

/** GET /api/analytics/posts: one keyset page of the posts with their latest metrics. */
export const listAnalyticsPosts = (filter: AnalyticsPostsFilter, cursor?: string) =>
  unwrap(
    api.analytics.posts.$get({
      query: {
        sort: filter.sort,
        order: filter.order,
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.q ? { q: filter.q } : {}),
        ...(cursor ? { cursor } : {}),
      },
    }),
  );

export const analyticsPostsQueryOptions = (filter: AnalyticsPostsFilter) =>
  infiniteQueryOptions({
    queryKey: ["analytics", "posts", filter] as const,
    queryFn: ({ pageParam }) => listAnalyticsPosts(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });

export const useAnalyticsPosts = (filter: AnalyticsPostsFilter) =>
  useInfiniteQuery(analyticsPostsQueryOptions(filter));
