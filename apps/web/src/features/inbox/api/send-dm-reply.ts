import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

export type DmReplyInput = { threadId: string; text: string; clientId: string };

/** POST /api/inbox/conversations/:id/messages: the same client id again is a safe retry. */
export const sendDmReply = ({ threadId, text, clientId }: DmReplyInput) =>
  unwrap(
    api.inbox.conversations[":id"].messages.$post({
      param: { id: threadId },
      json: { text, client_id: clientId },
    }),
  );

export function useSendDmReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDmReply,
    // The thread shows the failure beside the message, with its reason and a Retry.
    meta: { skipGlobalErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}
