import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/**
 * GET /api/billing: whether this server takes payments, the configured price text per plan
 * (never amounts from code), the subscription's status and a running grace period.
 */
export const getBilling = () => unwrap(api.billing.$get());

export type Billing = SuccessData<Awaited<ReturnType<typeof api.billing.$get>>>;

export const billingQueryOptions = () =>
  queryOptions({ queryKey: ["billing"] as const, queryFn: getBilling, staleTime: 60_000 });

/** `enabled` false for a member who would not use it (only owners buy; clients cannot read it). */
export const useBilling = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...billingQueryOptions(), enabled: options.enabled ?? true });
