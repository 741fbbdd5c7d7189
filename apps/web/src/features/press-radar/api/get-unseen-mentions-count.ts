import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { pressRadarQueryKey } from "./press-radar-keys.ts";

/** GET /api/press-radar/mentions/unseen-count: the sidebar's purple dot. */
export const getUnseenMentionsCount = () =>
  unwrap(api["press-radar"].mentions["unseen-count"].$get());

export const unseenMentionsQueryOptions = () =>
  queryOptions({
    queryKey: [...pressRadarQueryKey, "unseen-count"] as const,
    queryFn: getUnseenMentionsCount,
    // Live events refresh it at once; this is the backstop for a dropped stream.
    refetchInterval: 60_000,
  });

export const useUnseenMentions = () => useQuery(unseenMentionsQueryOptions());
