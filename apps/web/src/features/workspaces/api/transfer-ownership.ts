import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { workspacesQueryKey } from "../../../lib/workspaces.ts";

/** POST /api/workspaces/current/transfer: `userId` becomes the owner, the owner an admin. */
export const transferOwnership = (userId: string) =>
  unwrap(api.workspaces.current.transfer.$post({ json: { userId } }));

export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferOwnership,
    // The members' list sits under the same key: both are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
