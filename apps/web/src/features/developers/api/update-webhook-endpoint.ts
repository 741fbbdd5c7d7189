import type { UpdateWebhookEndpointInput } from "@sightline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { webhookEndpointsQueryKey } from "./list-webhook-endpoints.ts";

/** PATCH /api/webhook-endpoints/:id: its description, events, or on/off. */
export const updateWebhookEndpoint = ({
  id,
  ...input
}: UpdateWebhookEndpointInput & { id: string }) =>
  unwrap(api["webhook-endpoints"][":id"].$patch({ param: { id }, json: input }));

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}
