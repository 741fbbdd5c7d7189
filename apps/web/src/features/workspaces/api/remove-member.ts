import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { auditQueryKey } from "./list-audit-events.ts";
import { membersQueryOptions } from "./list-members.ts";

/** DELETE /api/workspaces/current/members/:userId */
export const removeMember = (userId: string) =>
  unwrap(api.workspaces.current.members[":userId"].$delete({ param: { userId } }));

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: auditQueryKey }),
      ]),
  });
}
