import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { webhookEndpointsQueryKey } from "./list-webhook-endpoints.ts";

/** DELETE /api/webhook-endpoints/:id (its delivery log goes with it). */
export const deleteWebhookEndpoint = (id: string) =>
  unwrap(api["webhook-endpoints"][":id"].$delete({ param: { id } }));

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}
