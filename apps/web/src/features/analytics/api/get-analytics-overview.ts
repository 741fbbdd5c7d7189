import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

export type OverviewDays = "7" | "28" | "90";

/** GET /api/analytics/overview: KPIs, their per-day series and the top posts of a period. */
export const getAnalyticsOverview = (days: OverviewDays) =>
  unwrap(api.analytics.overview.$get({ query: { days } }));

export type AnalyticsOverview = SuccessData<
  Awaited<ReturnType<typeof api.analytics.overview.$get>>
>;

export const analyticsOverviewQueryOptions = (days: OverviewDays) =>
  queryOptions({
    queryKey: ["analytics", "overview", days] as const,
    queryFn: () => getAnalyticsOverview(days),
  });

export const useAnalyticsOverview = (days: OverviewDays) =>
  useQuery(analyticsOverviewQueryOptions(days));
