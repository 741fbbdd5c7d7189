import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { workspacesQueryKey } from "../../../lib/workspaces.ts";

/** PATCH /api/workspaces/current: renames the open workspace (owner and admins). */
export const renameWorkspace = (name: string) =>
  unwrap(api.workspaces.current.$patch({ json: { name } }));

export function useRenameWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameWorkspace,
    meta: { skipGlobalErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryKey }),
  });
}
