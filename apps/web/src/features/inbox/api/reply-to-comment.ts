import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/** POST /api/inbox/comments/:id/replies: a public reply under the comment. */
export const replyToComment = ({ commentId, text }: { commentId: string; text: string }) =>
  unwrap(api.inbox.comments[":id"].replies.$post({ param: { id: commentId }, json: { text } }));

export function useReplyToComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}
