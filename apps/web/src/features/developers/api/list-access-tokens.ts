import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** GET /api/workspaces/current/tokens: the member's tokens (owners and admins: everyone's). */
export const listAccessTokens = () => unwrap(api.workspaces.current.tokens.$get());

export const accessTokensQueryOptions = () =>
  queryOptions({
    queryKey: ["workspaces", "current", "tokens"] as const,
    queryFn: listAccessTokens,
  });

export const useAccessTokens = () => useQuery(accessTokensQueryOptions());
