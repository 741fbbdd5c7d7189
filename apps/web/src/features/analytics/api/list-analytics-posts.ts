import type { AnalyticsPostSort, AnalyticsPostType } from "@sightline/contracts";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { toApiError } from "../../../lib/api-error.ts";

export interface AnalyticsPostsFilter {
  sort: AnalyticsPostSort;
  order: "asc" | "desc";
  type?: AnalyticsPostType;
  q?: string;
  /** Posted on these days of the user's calendar (inclusive, YYYY-MM-DD). */
  from?: string;
  to?: string;
  timezone?: string;
}

function filterQuery(filter: AnalyticsPostsFilter) {
  return {
    sort: filter.sort,
    order: filter.order,
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.timezone ? { timezone: filter.timezone } : {}),
  };
}

/** GET /api/analytics/posts: one keyset page of the posts with their latest metrics. */
export const listAnalyticsPosts = (filter: AnalyticsPostsFilter, cursor?: string) =>
  unwrap(
    api.analytics.posts.$get({ query: { ...filterQuery(filter), ...(cursor ? { cursor } : {}) } }),
  );

/** GET /api/analytics/posts.csv: the table as filtered and sorted, every page, as a file. */
export async function downloadAnalyticsPostsCsv(filter: AnalyticsPostsFilter) {
  const response = await api.analytics["posts.csv"].$get({ query: filterQuery(filter) });
  if (!response.ok) throw await toApiError(response as unknown as Response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = "sightline-posts.csv";
  link.click();
  URL.revokeObjectURL(url);
}

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
