import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { membersQueryOptions } from "./list-members.ts";

/** DELETE /api/workspaces/current/members/:userId */
export const removeMember = (userId: string) =>
  unwrap(api.workspaces.current.members[":userId"].$delete({ param: { userId } }));

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
  });
}
