import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/analytics/audience: demographics, active hours and follower growth. */
export const getAudienceInsights = (timezone: string) =>
  unwrap(api.analytics.audience.$get({ query: { timezone } }));

export type AudienceInsights = SuccessData<Awaited<ReturnType<typeof api.analytics.audience.$get>>>;
export type ConnectedAudienceInsights = Extract<AudienceInsights, { connected: true }>;

export const audienceInsightsQueryOptions = (timezone: string) =>
  queryOptions({
    queryKey: ["analytics", "audience", timezone] as const,
    queryFn: () => getAudienceInsights(timezone),
  });

export const useAudienceInsights = (timezone: string) =>
  useQuery(audienceInsightsQueryOptions(timezone));
