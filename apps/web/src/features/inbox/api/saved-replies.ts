import type { SavedReplyInput } from "@sightline/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, type SuccessData, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

/*
 * Saved replies: GET, POST, PUT and DELETE /api/inbox/saved-replies. One file for the four
 * operations of one small resource; every mutation refreshes the list through its key.
 */

export const listSavedReplies = () => unwrap(api.inbox["saved-replies"].$get());
export type SavedReply = SuccessData<
  Awaited<ReturnType<(typeof api.inbox)["saved-replies"]["$get"]>>
>["items"][number];

export const savedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: [...inboxQueryKey, "saved-replies"] as const,
    queryFn: listSavedReplies,
  });

export const useSavedReplies = (enabled = true) =>
  useQuery({ ...savedRepliesQueryOptions(), enabled });

export const createSavedReply = (input: SavedReplyInput) =>
  unwrap(api.inbox["saved-replies"].$post({ json: input }));
export const updateSavedReply = ({ id, ...input }: SavedReplyInput & { id: string }) =>
  unwrap(api.inbox["saved-replies"][":id"].$put({ param: { id }, json: input }));
export const deleteSavedReply = (id: string) =>
  unwrap(api.inbox["saved-replies"][":id"].$delete({ param: { id } }));

function useSavedReplyMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: savedRepliesQueryOptions().queryKey }),
  });
}

export const useCreateSavedReply = () => useSavedReplyMutation(createSavedReply);
export const useUpdateSavedReply = () => useSavedReplyMutation(updateSavedReply);
export const useDeleteSavedReply = () => useSavedReplyMutation(deleteSavedReply);
