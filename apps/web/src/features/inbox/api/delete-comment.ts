import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/** DELETE /api/inbox/comments/:id: deletes the comment (and its replies) on Instagram. */
export const deleteComment = (commentId: string) =>
  unwrap(api.inbox.comments[":id"].$delete({ param: { id: commentId } }));

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}
