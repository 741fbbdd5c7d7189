import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

export type BenchmarksPeriod = { from?: string; to?: string };

/** GET /api/analytics/benchmarks: medians per type, best and worst posts, hashtags. */
export const getAnalyticsBenchmarks = (period: BenchmarksPeriod, timezone: string) =>
  unwrap(api.analytics.benchmarks.$get({ query: { ...period, timezone } }));

export type AnalyticsBenchmarks = SuccessData<
  Awaited<ReturnType<typeof api.analytics.benchmarks.$get>>
>;

export const analyticsBenchmarksQueryOptions = (period: BenchmarksPeriod, timezone: string) =>
  queryOptions({
    queryKey: ["analytics", "benchmarks", period, timezone] as const,
    queryFn: () => getAnalyticsBenchmarks(period, timezone),
  });

/** `enabled: false` while the workspace's plan is unknown or does not include benchmarks. */
export const useAnalyticsBenchmarks = (
  period: BenchmarksPeriod,
  timezone: string,
  options: { enabled?: boolean } = {},
) => useQuery({ ...analyticsBenchmarksQueryOptions(period, timezone), ...options });
