import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { auditQueryKey } from "./list-audit-events.ts";
import { membersQueryOptions } from "./list-members.ts";

/** DELETE /api/workspaces/current/invitations/:id: the link stops working. */
export const revokeInvitation = (id: string) =>
  unwrap(api.workspaces.current.invitations[":id"].$delete({ param: { id } }));

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]),
  });
}
