import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/** POST /api/inbox/comments/:id/private-reply: the comment's one private reply, by DM. */
export const sendPrivateReply = ({ commentId, text }: { commentId: string; text: string }) =>
  unwrap(
    api.inbox.comments[":id"]["private-reply"].$post({ param: { id: commentId }, json: { text } }),
  );

export function useSendPrivateReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPrivateReply,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}
