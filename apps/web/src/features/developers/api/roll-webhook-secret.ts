import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/webhook-endpoints/:id/roll-secret: a new secret (shown this once); the old stops. */
export const rollWebhookSecret = (id: string) =>
  unwrap(api["webhook-endpoints"][":id"]["roll-secret"].$post({ param: { id } }));

export const useRollWebhookSecret = () => useMutation({ mutationFn: rollWebhookSecret });
