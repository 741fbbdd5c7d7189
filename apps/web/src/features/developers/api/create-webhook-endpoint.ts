import type { CreateWebhookEndpointInput } from "@sightline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { webhookEndpointsQueryKey } from "./list-webhook-endpoints.ts";

/** POST /api/webhook-endpoints: answers the endpoint and its secret (shown this once). */
export const createWebhookEndpoint = (input: CreateWebhookEndpointInput) =>
  unwrap(api["webhook-endpoints"].$post({ json: input }));

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    meta: { skipGlobalErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}
