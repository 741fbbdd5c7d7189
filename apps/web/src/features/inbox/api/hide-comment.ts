import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/** POST /api/inbox/comments/:id/hide: hides or unhides the comment on Instagram. */
export const hideComment = ({ commentId, hidden }: { commentId: string; hidden: boolean }) =>
  unwrap(api.inbox.comments[":id"].hide.$post({ param: { id: commentId }, json: { hidden } }));

export function useHideComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}
