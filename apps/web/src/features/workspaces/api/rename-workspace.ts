import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/**
 * PATCH /api/workspaces/current: renames the open workspace (owner and admins). The caller reads
 * the workspaces again (lib/workspaces.ts owns that query).
 */
export const renameWorkspace = (name: string) =>
  unwrap(api.workspaces.current.$patch({ json: { name } }));

export const useRenameWorkspace = () =>
  useMutation({ mutationFn: renameWorkspace, meta: { skipGlobalErrorToast: true } });
