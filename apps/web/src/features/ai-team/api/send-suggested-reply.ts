import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

export type SuggestedReply = { channel: "dm" | "comment"; threadId: string; text: string };

/**
 * The Secretary's "Send": the inbox's own routes (POST /api/inbox/conversations/:id/messages for
 * a DM, under the 24-hour window; POST /api/inbox/comments/:id/replies for a comment).
 */
export const sendSuggestedReply = async ({
  channel,
  threadId,
  text,
}: SuggestedReply): Promise<void> => {
  await (channel === "dm"
    ? unwrap(
        api.inbox.conversations[":id"].messages.$post({
          param: { id: threadId },
          json: { text, client_id: crypto.randomUUID() },
        }),
      )
    : unwrap(api.inbox.comments[":id"].replies.$post({ param: { id: threadId }, json: { text } })));
};

export function useSendSuggestedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSuggestedReply,
    // The inbox's lists and counts change with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["inbox"] }),
  });
}
