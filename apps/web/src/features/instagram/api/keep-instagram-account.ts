import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { instagramAccountsQueryKey } from "./use-instagram-accounts.ts";
import { instagramConnectionQueryOptions } from "./use-instagram-connection.ts";

/**
 * POST /api/instagram/connections/:instagramId/keep: on a plan that connects fewer accounts than
 * the workspace has, this one stays active and the one last in line pauses (issue 30).
 */
export const keepInstagramAccount = (instagramId: string) =>
  unwrap(api.instagram.connections[":instagramId"].keep.$post({ param: { instagramId } }));

export function useKeepInstagramAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepInstagramAccount,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: instagramAccountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: instagramConnectionQueryOptions().queryKey });
    },
  });
}
