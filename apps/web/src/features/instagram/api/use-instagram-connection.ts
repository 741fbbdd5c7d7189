import type { InstagramConnection } from "@sightline/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, unwrap } from "../../../lib/api-client.ts";
import { useRealtimeEvent, useRealtimeOpen } from "../../../lib/realtime/use-realtime-event.ts";
import { needsProfileRefresh } from "../utils/connection-details.ts";
import { refreshInstagramProfile } from "./refresh-instagram-profile.ts";

/**
 * GET /api/instagram/connection: the signed-in user's connection or null. Spec §8: a load
 * failure is logged and treated as no connection.
 */
export async function getInstagramConnection(): Promise<{
  connection: InstagramConnection | null;
}> {
  try {
    return await unwrap(api.instagram.connection.$get());
  } catch (error) {
    console.error("Failed to load the Instagram connection", error);
    return { connection: null };
  }
}

export const instagramConnectionQueryOptions = () =>
  queryOptions({
    queryKey: ["instagram", "connection"] as const,
    queryFn: getInstagramConnection,
    // The first sync reads 90 days: its progress is read again until it is done.
    refetchInterval: (query) => (query.state.data?.connection?.sync_progress ? 3000 : false),
  });

/** Spec §9: the background profile refresh runs at most once per page load. */
let profileRefreshStarted = false;

function useBackgroundProfileRefresh(connection: InstagramConnection | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (profileRefreshStarted || !connection || !needsProfileRefresh(connection, Date.now())) {
      return;
    }
    profileRefreshStarted = true;
    refreshInstagramProfile()
      .then(({ connection: refreshed }) => {
        if (refreshed) {
          queryClient.setQueryData(instagramConnectionQueryOptions().queryKey, {
            connection: refreshed,
          });
        }
      })
      .catch((error: unknown) => console.error("Failed to refresh the Instagram profile", error));
  }, [connection, queryClient]);
}

/**
 * Spec §4: the connection, reloaded whenever its row changes (the server publishes
 * "instagram-connection:updated" to this user only); reports connected, loading and its fields.
 */
export function useInstagramConnection() {
  const queryClient = useQueryClient();
  const query = useQuery(instagramConnectionQueryOptions());
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: instagramConnectionQueryOptions().queryKey });
  };
  useRealtimeEvent("instagram-connection:updated", reload);
  // A change made before the stream was listening (page load, a dropped connection).
  useRealtimeOpen(reload);
  const connection = query.data?.connection ?? null;
  useBackgroundProfileRefresh(query.data?.connection);
  return { connected: connection !== null, loading: query.isPending, connection };
}

/** For tests: lets the next page load's refresh run again. */
export function resetProfileRefreshForTests() {
  profileRefreshStarted = false;
}
