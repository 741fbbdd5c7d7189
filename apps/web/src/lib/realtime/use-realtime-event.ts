import type { RealtimeEventType } from "@sightline/contracts";
import { useEffect, useRef } from "react";
import {
  type RealtimeHandler,
  subscribeRealtime,
  subscribeRealtimeOpen,
} from "./realtime-client.ts";

/** Runs `handler` for each live event of `type` while the component is mounted. */
export function useRealtimeEvent(type: RealtimeEventType, handler: RealtimeHandler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeRealtime(type, (data, id) => latest.current(data, id)), [type]);
}

/**
 * Runs `handler` each time the live stream connects or reconnects, while mounted: data read
 * before the stream was listening may have changed unseen, so read it again.
 */
export function useRealtimeOpen(handler: () => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeRealtimeOpen(() => latest.current()), []);
}
