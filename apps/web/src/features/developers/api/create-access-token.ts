import type { CreateAccessTokenInput } from "@sightline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { accessTokensQueryOptions } from "./list-access-tokens.ts";

/** POST /api/workspaces/current/tokens: answers the secret, the one time it is ever sent. */
export const createAccessToken = (input: CreateAccessTokenInput) =>
  unwrap(api.workspaces.current.tokens.$post({ json: input }));

export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccessToken,
    meta: { skipGlobalErrorToast: true },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: accessTokensQueryOptions().queryKey }),
  });
}
