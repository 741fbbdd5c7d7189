import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { accessTokensQueryOptions } from "./list-access-tokens.ts";

/** DELETE /api/workspaces/current/tokens/:id: the token answers 401 from now on. */
export const revokeAccessToken = (id: string) =>
  unwrap(api.workspaces.current.tokens[":id"].$delete({ param: { id } }));

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAccessToken,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: accessTokensQueryOptions().queryKey }),
  });
}
