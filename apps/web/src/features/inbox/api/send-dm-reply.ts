import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "./inbox-query-key.ts";

export type DmReplyInput = {
  threadId: string;
  text: string | null;
  clientId: string;
  imageUrl?: string | null;
};

/**
 * POST /api/inbox/conversations/:id/messages: text, an image (the URL of the user's own upload)
 * or both; the same client id again is a safe retry.
 */
export const sendDmReply = ({ threadId, text, clientId, imageUrl }: DmReplyInput) =>
  unwrap(
    api.inbox.conversations[":id"].messages.$post({
      param: { id: threadId },
      json: {
        ...(text ? { text } : {}),
        ...(imageUrl ? { image_url: imageUrl } : {}),
        client_id: clientId,
      },
    }),
  );

/**
 * POST /api/uploads/instagram-media with the image itself: the server sniffs its type, stores it
 * under the user's folder and answers a signed URL, which the send then names.
 */
export const uploadReplyImage = (file: File) =>
  unwrap(
    api.uploads[":bucket"].$post(
      { param: { bucket: "instagram-media" }, query: { purpose: "media" } },
      { init: { body: file } },
    ),
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
