import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { membersQueryOptions } from "./list-members.ts";

/**
 * POST /api/workspaces/current/transfer: `userId` becomes the owner, the owner an admin. The
 * caller reads the workspaces (the member's own role) again.
 */
export const transferOwnership = (userId: string) =>
  unwrap(api.workspaces.current.transfer.$post({ json: { userId } }));

export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferOwnership,
    onSettled: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
  });
}
