import type { InvitableRole } from "@sightline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { auditQueryKey } from "./list-audit-events.ts";
import { membersQueryOptions } from "./list-members.ts";

/** PATCH /api/workspaces/current/members/:userId */
export const changeMemberRole = ({ userId, role }: { userId: string; role: InvitableRole }) =>
  unwrap(api.workspaces.current.members[":userId"].$patch({ param: { userId }, json: { role } }));

export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMemberRole,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]),
  });
}
