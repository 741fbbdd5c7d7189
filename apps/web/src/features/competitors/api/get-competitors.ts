import type { CompetitorPeriod } from "@sightline/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { competitorsQueryKey } from "./competitors-keys.ts";

/** GET /api/competitors: the account beside its competitors over the period, and the budget. */
export const getCompetitors = (days: CompetitorPeriod) =>
  unwrap(api.competitors.$get({ query: { days: String(days) } }));

export type CompetitorsState = SuccessData<
  Awaited<ReturnType<(typeof api)["competitors"]["$get"]>>
>;
export type ComparedAccount = CompetitorsState["accounts"][number];
export type ComparedPost = CompetitorsState["bestPosts"][number];

export const competitorsQueryOptions = (days: CompetitorPeriod) =>
  queryOptions({
    queryKey: [...competitorsQueryKey, "state", days] as const,
    queryFn: () => getCompetitors(days),
    placeholderData: (previous) => previous,
  });

export const useCompetitors = (days: CompetitorPeriod) => useQuery(competitorsQueryOptions(days));
