import { type RealtimeEventType, realtimeEventTypes } from "@sightline/contracts";
import { getOpenWorkspaceId, onOpenWorkspaceChange, withWorkspace } from "../workspace.ts";

export type RealtimeHandler = (data: Record<string, unknown>, id: string) => void;

const handlers = new Map<RealtimeEventType, Set<RealtimeHandler>>();
const openHandlers = new Set<() => void>();
let source: EventSource | undefined;
let lastEventId: string | undefined;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
/** The workspace the open stream names; null: none named, the server's choice. */
let streamWorkspace: string | null = null;

/** A page change unsubscribes and resubscribes at once: keep the stream open across it. */
export const CLOSE_DELAY_MS = 5_000;

function dispatch(type: RealtimeEventType, event: MessageEvent<string>) {
  if (event.lastEventId) lastEventId = event.lastEventId;
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
 * replays what was missed; a stream opened anew resumes from the last event this tab saw
 * (`lastEventId`). Each time the stream (re)connects, the open handlers run: whatever happened
 * before it was listening — a page that loaded faster than its stream — is read again.
 */
function open() {
  if (closeTimer !== undefined) {
    clearTimeout(closeTimer);
    closeTimer = undefined;
  }
  if (source || typeof EventSource === "undefined") return;
  // An EventSource sends no custom header: the open workspace goes in the query.
  streamWorkspace = getOpenWorkspaceId();
  const url = withWorkspace(
    lastEventId === undefined
      ? "/api/realtime"
      : `/api/realtime?lastEventId=${encodeURIComponent(lastEventId)}`,
  );
  source = new EventSource(url, { withCredentials: true });
  source.addEventListener("open", () => {
    for (const handler of openHandlers) handler();
  });
  for (const type of realtimeEventTypes) {
    source.addEventListener(type, (event) => dispatch(type, event as MessageEvent<string>));
  }
}

// Another workspace opened: its events come on a stream of its own, from its start. A stream
// that named none already has the server's choice, which is what the first answer names (the
// workspace list settling on a new tab): reopening it would only leave a gap.
onOpenWorkspaceChange((id) => {
  if (!source) return;
  if (streamWorkspace === null && id !== null) {
    streamWorkspace = id;
    return;
  }
  source.close();
  source = undefined;
  lastEventId = undefined;
  if (closeTimer === undefined) open();
});

function closeWhenUnused() {
  for (const set of handlers.values()) if (set.size > 0) return;
  if (openHandlers.size > 0 || closeTimer !== undefined) return;
  closeTimer = setTimeout(() => {
    closeTimer = undefined;
    for (const set of handlers.values()) if (set.size > 0) return;
    if (openHandlers.size > 0) return;
    source?.close();
    source = undefined;
  }, CLOSE_DELAY_MS);
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

/** Calls `handler` each time the stream connects or reconnects; returns the unsubscribe. */
export function subscribeRealtimeOpen(handler: () => void): () => void {
  openHandlers.add(handler);
  open();
  return () => {
    openHandlers.delete(handler);
    closeWhenUnused();
  };
}
