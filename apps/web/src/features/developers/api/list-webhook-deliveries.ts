import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { webhookEndpointsQueryKey } from "./list-webhook-endpoints.ts";

/** GET /api/webhook-endpoints/:id/deliveries: the delivery log, newest first, a page at a time. */
export const listWebhookDeliveries = (id: string, before?: number) =>
  unwrap(
    api["webhook-endpoints"][":id"].deliveries.$get({
      param: { id },
      query: before === undefined ? {} : { before: String(before) },
    }),
  );
export type WebhookDeliveriesPage = SuccessData<
  Awaited<ReturnType<(typeof api)["webhook-endpoints"][":id"]["deliveries"]["$get"]>>
>;
export type WebhookDelivery = WebhookDeliveriesPage["items"][number];

export const webhookDeliveriesQueryOptions = (id: string, before?: number) =>
  queryOptions({
    queryKey: [...webhookEndpointsQueryKey, id, "deliveries", before ?? null] as const,
    queryFn: () => listWebhookDeliveries(id, before),
    // While a delivery waits to go out, look again every two seconds.
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === "pending") ? 2_000 : false,
  });

export const useWebhookDeliveries = (id: string, before?: number) =>
  useQuery(webhookDeliveriesQueryOptions(id, before));
