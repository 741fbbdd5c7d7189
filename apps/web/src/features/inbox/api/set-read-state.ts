import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

export type ReadStateInput = { id: string; kind: "dm" | "comments"; read: boolean };

/** POST /api/inbox/conversations/:id/read: read up to the newest item, or unread again. */
export const setReadState = ({ id, kind, read }: ReadStateInput) =>
  unwrap(api.inbox.conversations[":id"].read.$post({ param: { id }, json: { kind, read } }));

export function useSetReadState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReadState,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...inboxQueryKey, "conversations"] }),
  });
}
