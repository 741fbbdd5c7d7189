import { type RealtimeEventType, realtimeEventTypes } from "@sightline/contracts";

export type RealtimeHandler = (data: Record<string, unknown>, id: string) => void;

const handlers = new Map<RealtimeEventType, Set<RealtimeHandler>>();
let source: EventSource | undefined;

function dispatch(type: RealtimeEventType, event: MessageEvent<string>) {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(event.data) as Record<string, unknown>;
  } catch {
    // A frame that is not JSON carries nothing a handler could use.
  }
  for (const handler of handlers.get(type) ?? []) handler(data, event.lastEventId);
}

/**
 * One EventSource per tab on /api/realtime (the session cookie authenticates it), open while
 * anything listens. The browser reconnects on its own and sends Last-Event-ID, so the server
 * replays what was missed.
 */
function open() {
  if (source || typeof EventSource === "undefined") return;
  source = new EventSource("/api/realtime", { withCredentials: true });
  for (const type of realtimeEventTypes) {
    source.addEventListener(type, (event) => dispatch(type, event as MessageEvent<string>));
  }
}

function closeWhenUnused() {
  for (const set of handlers.values()) if (set.size > 0) return;
  source?.close();
  source = undefined;
}

/** Calls `handler` for each live event of `type`; returns the unsubscribe function. */
export function subscribeRealtime(type: RealtimeEventType, handler: RealtimeHandler): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
  open();
  return () => {
    set.delete(handler);
    closeWhenUnused();
  };
}
