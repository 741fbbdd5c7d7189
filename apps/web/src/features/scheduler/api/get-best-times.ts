import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { calendarQueryKey } from "./list-calendar-posts.ts";

/** GET /api/content-calendar/best-times: the hours the optimal-times score favours, and why. */
export const getBestTimes = (timeZone: string) =>
  unwrap(api["content-calendar"]["best-times"].$get({ query: { time_zone: timeZone } }));

export type BestTimes = SuccessData<
  Awaited<ReturnType<(typeof api)["content-calendar"]["best-times"]["$get"]>>
>;
export type BestTimeHint = BestTimes["hints"][number];

export const bestTimesQueryOptions = (timeZone: string) =>
  queryOptions({
    queryKey: [...calendarQueryKey, "best-times", timeZone] as const,
    queryFn: () => getBestTimes(timeZone),
    staleTime: 10 * 60_000,
  });

export const useBestTimes = (timeZone: string, enabled: boolean) =>
  useQuery({ ...bestTimesQueryOptions(timeZone), enabled });
