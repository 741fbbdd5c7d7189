import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { trendRadarQueryKey } from "./trend-radar-keys.ts";

/** GET /api/trend-radar: the look-up budget, the plan's limit and every tracked hashtag. */
export const getTrendRadar = () => unwrap(api["trend-radar"].$get());

export type TrendRadarState = SuccessData<Awaited<ReturnType<(typeof api)["trend-radar"]["$get"]>>>;
export type TrackedHashtag = TrendRadarState["hashtags"][number];

export const trendRadarQueryOptions = () =>
  queryOptions({ queryKey: [...trendRadarQueryKey, "state"] as const, queryFn: getTrendRadar });

export const useTrendRadar = () => useQuery(trendRadarQueryOptions());
