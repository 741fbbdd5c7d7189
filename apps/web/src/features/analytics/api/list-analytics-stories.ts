import type { AnalyticsStorySort } from "@sightline/contracts";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { toApiError } from "../../../lib/api-error.ts";

export interface AnalyticsStoriesFilter {
  sort: AnalyticsStorySort;
  order: "asc" | "desc";
  /** Posted on these days of the user's calendar (inclusive, YYYY-MM-DD). */
  from?: string;
  to?: string;
  timezone?: string;
}

function filterQuery(filter: AnalyticsStoriesFilter) {
  return {
    sort: filter.sort,
    order: filter.order,
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(filter.timezone ? { timezone: filter.timezone } : {}),
  };
}

/** GET /api/analytics/stories: the stored stories with their latest or final figures. */
export const listAnalyticsStories = (filter: AnalyticsStoriesFilter) =>
  unwrap(api.analytics.stories.$get({ query: filterQuery(filter) }));

/** GET /api/analytics/stories.csv: the Stories tab as filtered and sorted, as a file. */
export async function downloadAnalyticsStoriesCsv(filter: AnalyticsStoriesFilter) {
  const response = await api.analytics["stories.csv"].$get({ query: filterQuery(filter) });
  if (!response.ok) throw await toApiError(response as unknown as Response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = "sightline-stories.csv";
  link.click();
  URL.revokeObjectURL(url);
}

export const analyticsStoriesQueryOptions = (filter: AnalyticsStoriesFilter) =>
  queryOptions({
    queryKey: ["analytics", "stories", filter] as const,
    queryFn: () => listAnalyticsStories(filter),
    placeholderData: keepPreviousData,
  });

export const useAnalyticsStories = (filter: AnalyticsStoriesFilter) =>
  useQuery(analyticsStoriesQueryOptions(filter));
