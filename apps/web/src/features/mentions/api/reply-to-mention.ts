import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { mentionsQueryKey } from "./mentions-keys.ts";

/** POST /api/mentions/:id/reply: the account answers where it was mentioned. */
export const replyToMention = (input: { id: string; text: string }) =>
  unwrap(api.mentions[":id"].reply.$post({ param: { id: input.id }, json: { text: input.text } }));

export function useReplyToMention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToMention,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mentionsQueryKey }),
  });
}
