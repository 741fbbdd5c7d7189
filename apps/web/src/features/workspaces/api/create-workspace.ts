import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/workspaces: a new workspace the user owns (the switcher then opens it). */
export const createWorkspace = (name: string) => unwrap(api.workspaces.$post({ json: { name } }));

export const useCreateWorkspace = () =>
  // The dialog shows the field's message itself.
  useMutation({ mutationFn: createWorkspace, meta: { skipGlobalErrorToast: true } });
