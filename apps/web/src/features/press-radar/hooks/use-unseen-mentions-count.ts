import { useQueryClient } from "@tanstack/react-query";
import { useRealtimeEvent, useRealtimeOpen } from "../../../lib/realtime/use-realtime-event.ts";
import { useUnseenMentions } from "../api/get-unseen-mentions-count.ts";
import { pressRadarQueryKey } from "../api/press-radar-keys.ts";

/**
 * How many press mentions the user has not seen (the purple dot on Press Radar in the sidebar).
 * Live across tabs: new mentions, and mentions seen in another tab, arrive as
 * `press-radar:updated` and refresh every Press Radar query.
 */
export function useUnseenMentionsCount(): number {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pressRadarQueryKey });
  useRealtimeEvent("press-radar:updated", refresh);
  useRealtimeOpen(refresh);
  return useUnseenMentions().data?.count ?? 0;
}
