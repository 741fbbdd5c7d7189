import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/invitations/preview: the workspace, role and e-mail an invitation link offers. */
export const previewInvitation = (token: string) =>
  unwrap(api.invitations.preview.$post({ json: { token } }));

export const invitationPreviewQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["invitations", "preview", token] as const,
    queryFn: () => previewInvitation(token),
    retry: false,
  });

export const useInvitationPreview = (token: string) =>
  useQuery(invitationPreviewQueryOptions(token));
