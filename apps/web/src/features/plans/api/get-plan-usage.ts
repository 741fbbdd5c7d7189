import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/plan: the open workspace's plan and its usage meters. */
export const getPlanUsage = () => unwrap(api.plan.$get());

export type PlanUsage = SuccessData<Awaited<ReturnType<typeof api.plan.$get>>>;

export const planUsageQueryKey = ["plan"] as const;

export const usePlanUsage = () =>
  useQuery(queryOptions({ queryKey: planUsageQueryKey, queryFn: getPlanUsage }));
