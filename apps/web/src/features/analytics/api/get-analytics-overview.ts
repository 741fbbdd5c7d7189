import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import type { OverviewPeriod } from "./overview-period.ts";

export type { OverviewDays, OverviewPeriod } from "./overview-period.ts";

/** GET /api/analytics/overview: KPIs, their per-day series and the top posts of a period. */
export const getAnalyticsOverview = (period: OverviewPeriod, timezone: string) =>
  unwrap(api.analytics.overview.$get({ query: { ...period, timezone } }));

export type AnalyticsOverview = SuccessData<
  Awaited<ReturnType<typeof api.analytics.overview.$get>>
>;

export const analyticsOverviewQueryOptions = (period: OverviewPeriod, timezone: string) =>
  queryOptions({
    queryKey: ["analytics", "overview", period, timezone] as const,
    queryFn: () => getAnalyticsOverview(period, timezone),
    // The dashboard asks for it before the overview mounts (dashboard-page.tsx): an answer that
    // recent is shown without being asked for again.
    staleTime: 5_000,
    // While the first sync reads the last 90 days, the page follows its progress.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.connected && data.syncProgress ? 3000 : false;
    },
  });

export const useAnalyticsOverview = (period: OverviewPeriod, timezone: string) =>
  useQuery(analyticsOverviewQueryOptions(period, timezone));
