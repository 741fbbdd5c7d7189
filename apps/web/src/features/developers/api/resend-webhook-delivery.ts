import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { webhookEndpointsQueryKey } from "./list-webhook-endpoints.ts";

/** POST /api/webhook-endpoints/:id/deliveries/:deliveryId/resend: the same event, once more. */
export const resendWebhookDelivery = (input: { id: string; deliveryId: string }) =>
  unwrap(api["webhook-endpoints"][":id"].deliveries[":deliveryId"].resend.$post({ param: input }));

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}
