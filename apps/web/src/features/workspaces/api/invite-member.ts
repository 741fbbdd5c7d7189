import type { InviteMemberInput } from "@sightline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { auditQueryKey } from "./list-audit-events.ts";
import { membersQueryOptions } from "./list-members.ts";

/** POST /api/workspaces/current/invitations: e-mails a 7-day link to join with `role`. */
export const inviteMember = (input: InviteMemberInput) =>
  unwrap(api.workspaces.current.invitations.$post({ json: input }));

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    meta: { skipGlobalErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]),
  });
}
