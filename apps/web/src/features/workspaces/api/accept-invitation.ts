import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/invitations/accept: joins the workspace (the signed-in e-mail must be the invited one). */
export const acceptInvitation = (token: string) =>
  unwrap(api.invitations.accept.$post({ json: { token } }));

export const useAcceptInvitation = () =>
  // The page shows the server's message (a mismatched e-mail, a used link) itself.
  useMutation({ mutationFn: acceptInvitation, meta: { skipGlobalErrorToast: true } });
