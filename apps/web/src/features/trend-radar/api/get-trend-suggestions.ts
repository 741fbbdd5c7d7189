import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { trendRadarQueryKey } from "./trend-radar-keys.ts";

/** GET /api/trend-radar/suggestions: hashtags of the best posts, ideas from rising hashtags. */
export const getTrendSuggestions = () => unwrap(api["trend-radar"].suggestions.$get());

export type TrendSuggestions = SuccessData<
  Awaited<ReturnType<(typeof api)["trend-radar"]["suggestions"]["$get"]>>
>;

export const trendSuggestionsQueryOptions = () =>
  queryOptions({
    queryKey: [...trendRadarQueryKey, "suggestions"] as const,
    queryFn: getTrendSuggestions,
  });

export const useTrendSuggestions = () => useQuery(trendSuggestionsQueryOptions());
