import type { InstagramConnection } from "@sightline/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRealtimeEvent, useRealtimeOpen } from "../../../lib/realtime/use-realtime-event.ts";

export type InstagramAccounts = { connections: InstagramConnection[]; limit: number };

/** GET /api/instagram/connections: every account of the open workspace, oldest first. */
export const instagramAccountsQueryKey = ["instagram", "accounts"] as const;

export const instagramAccountsQueryOptions = () =>
  queryOptions({
    queryKey: instagramAccountsQueryKey,
    queryFn: (): Promise<InstagramAccounts> => unwrap(api.instagram.connections.$get()),
    staleTime: 30_000,
  });

/** The workspace's accounts, read again whenever a connection changes. */
export function useInstagramAccounts() {
  const queryClient = useQueryClient();
  const query = useQuery(instagramAccountsQueryOptions());
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: instagramAccountsQueryKey });
  };
  useRealtimeEvent("instagram-connection:updated", reload);
  useRealtimeOpen(reload);
  return query;
}
