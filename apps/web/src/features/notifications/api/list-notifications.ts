import {
  NOTIFICATIONS_REFETCH_MS,
  NOTIFICATIONS_STALE_MS,
  type Notification,
} from "@sightline/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";

/** GET /api/notifications: the user's new messages and comments (spec §3 Notification). */
export function listNotifications(): Promise<Notification[]> {
  return unwrap(api.notifications.$get());
}

/** Spec §9: refetch every 10 s, stale after 15 s. */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: ["notifications"] as const,
    queryFn: listNotifications,
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
    staleTime: NOTIFICATIONS_STALE_MS,
  });
}

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
