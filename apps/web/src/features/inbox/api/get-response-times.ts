import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

export type ResponseTimesPeriod = { from: string; to: string; timezone: string };

/** GET /api/inbox/response-times: how fast the account answered what arrived in a period. */
export const getResponseTimes = (period: ResponseTimesPeriod) =>
  unwrap(api.inbox["response-times"].$get({ query: period }));

export const responseTimesQueryOptions = (period: ResponseTimesPeriod) =>
  queryOptions({
    queryKey: [...inboxQueryKey, "response-times", period] as const,
    queryFn: () => getResponseTimes(period),
  });

export const useResponseTimes = (period: ResponseTimesPeriod, enabled = true) =>
  useQuery({ ...responseTimesQueryOptions(period), enabled });
