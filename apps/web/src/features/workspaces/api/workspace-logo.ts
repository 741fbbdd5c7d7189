import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { auditQueryKey } from "./list-audit-events.ts";

/*
 * PUT /api/workspaces/current/logo with the image itself as the body (the server checks its
 * bytes: PNG, JPEG or WebP, at most 1 MB, 16–4,096 px), and DELETE to remove it. Owner and admins.
 * The caller reads the workspaces again (lib/workspaces.ts owns that query).
 */
export function useSetWorkspaceLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) =>
      unwrap(api.workspaces.current.logo.$put({}, { init: { body: file } })),
    meta: { skipGlobalErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditQueryKey }),
  });
}

export function useRemoveWorkspaceLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.workspaces.current.logo.$delete()),
    meta: { skipGlobalErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditQueryKey }),
  });
}
