import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { webhookEndpointsQueryKey } from "./list-webhook-endpoints.ts";

/** POST /api/webhook-endpoints/:id/test: queues a `ping`; the log shows how it went. */
export const sendWebhookTestEvent = (id: string) =>
  unwrap(api["webhook-endpoints"][":id"].test.$post({ param: { id } }));

export function useSendWebhookTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTestEvent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}
