import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";

/** GET /api/webhook-endpoints: the workspace's endpoints (never their secrets) and the events. */
export const listWebhookEndpoints = () => unwrap(api["webhook-endpoints"].$get());
export type WebhookEndpointsOverview = SuccessData<
  Awaited<ReturnType<(typeof api)["webhook-endpoints"]["$get"]>>
>;
export type WebhookEndpoint = WebhookEndpointsOverview["endpoints"][number];

export const webhookEndpointsQueryKey = ["webhook-endpoints"] as const;

export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: webhookEndpointsQueryKey,
    queryFn: listWebhookEndpoints,
    // A last delivery still waiting to go out: look again every two seconds.
    refetchInterval: (query) =>
      query.state.data?.endpoints.some((endpoint) => endpoint.lastDelivery?.status === "pending")
        ? 2_000
        : false,
  });

export const useWebhookEndpoints = () => useQuery(webhookEndpointsQueryOptions());
