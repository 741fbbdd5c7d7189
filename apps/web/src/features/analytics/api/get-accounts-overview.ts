import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import type { OverviewDays } from "./get-analytics-overview.ts";

/** GET /api/analytics/accounts: every account of the workspace side by side for a period. */
export const getAccountsOverview = (days: OverviewDays, timezone: string) =>
  unwrap(api.analytics.accounts.$get({ query: { days, timezone } }));

export type AccountsOverview = SuccessData<Awaited<ReturnType<typeof api.analytics.accounts.$get>>>;

export const accountsOverviewQueryOptions = (days: OverviewDays, timezone: string) =>
  queryOptions({
    queryKey: ["analytics", "accounts", days, timezone] as const,
    queryFn: () => getAccountsOverview(days, timezone),
  });

export const useAccountsOverview = (days: OverviewDays, timezone: string, enabled: boolean) =>
  useQuery({ ...accountsOverviewQueryOptions(days, timezone), enabled });
