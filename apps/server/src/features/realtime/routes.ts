import { can, type RealtimeEventType, reviewerRealtimeEventTypes } from "@sightline/contracts";
import { type Db, isSessionActive } from "@sightline/db";
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../lib/app-types.ts";
import { requireMember } from "../../middleware/session.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus, RealtimeEvent } from "../../platform/event-bus.ts";
import type { Lifecycle } from "../../platform/lifecycle.ts";
import type { AppMetrics } from "../../platform/metrics.ts";

/** How many sent event ids a stream remembers to send each event once. */
const SENT_IDS_KEPT = 1_000;

/** How soon a browser whose stream a stopping server closed comes back (to another instance). */
export const RECONNECT_AFTER_STOP_MS = 1_000;

/**
 * `GET /api/realtime`: the signed-in user's live events as Server-Sent Events (`id`, `event` =
 * the type, `data` = JSON). A browser reconnecting with Last-Event-ID first gets what it missed
 * in the replay window, then live events, each once and in order; a comment line every
 * `heartbeatMs` keeps proxies from closing an idle stream.
 */
export function realtimeRoutes(deps: {
  events: EventBus;
  db: Db;
  now: Clock;
  /** Counts the streams open (sightline_realtime_connections). */
  metrics: Pick<AppMetrics, "realtimeStreamOpened">;
  /** The process's life: a stopping server ends its streams (the browser reconnects elsewhere). */
  lifecycle: Pick<Lifecycle, "onStopAccepting">;
  heartbeatMs?: number;
}) {
  const heartbeatMs = deps.heartbeatMs ?? 15_000;
  return new Hono<AppEnv>().get("/", requireMember(["read", "review"]), (c) => {
    const workspaceId = c.var.workspace.id;
    // A member who only reviews (the Client role) gets the events about what they review.
    const only = can(c.var.workspace.role, "read") ? undefined : reviewerRealtimeEventTypes;
    const userId = c.var.user.id;
    const sessionId = c.var.user.sessionId;
    // The stream ends with its session (sign-out, revoke, deletion): checked before each event
    // and at each heartbeat.
    const sessionLives = async () =>
      Boolean(sessionId) &&
      (await isSessionActive(deps.db, sessionId as string, userId, new Date(deps.now())));
    const resumeFrom = Number(c.req.header("last-event-id") ?? c.req.query("lastEventId") ?? 0);
    const lastEventId = Number.isSafeInteger(resumeFrom) && resumeFrom > 0 ? resumeFrom : 0;
    c.header("cache-control", "no-store");
    c.header("x-accel-buffering", "no");
    return streamSSE(c, async (stream) => {
      // Closed at the abort, not after the next heartbeat's wait: the gauge drops at once.
      const closeCount = deps.metrics.realtimeStreamOpened();
      // What this stream sent, to send each event once (the replay and the live events held
      // back meanwhile overlap). Not a highest-id-so-far mark: live events can arrive out of id
      // order (each delivery reads its row; two transactions commit in either order), and an
      // event with a lower id than one already sent is still news to the browser.
      const sent = new Set<number>();
      let live = false;
      let closed = false;
      const pending: RealtimeEvent[] = [];
      let sending = Promise.resolve();
      const send = async (event: RealtimeEvent) => {
        if (event.id <= lastEventId || sent.has(event.id) || closed) return;
        if (only && !only.has(event.type as RealtimeEventType)) return;
        if (!(await sessionLives())) {
          closed = true;
          stream.abort();
          return;
        }
        sent.add(event.id);
        // Only the overlap at the start needs the memory: keep the last thousand.
        if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value!);
        await stream.writeSSE({
          id: String(event.id),
          event: event.type,
          data: JSON.stringify(event.data),
        });
      };
      // Subscribe before reading the replay, holding live events back until it is sent, so an
      // event published meanwhile is neither lost nor sent twice.
      const unsubscribe = deps.events.subscribe(workspaceId, (event) => {
        if (!live) {
          pending.push(event);
          return;
        }
        sending = sending.then(() => send(event)).catch(() => {});
      });
      stream.onAbort(() => {
        closed = true;
        unsubscribe();
        closeCount();
      });
      // The server stops accepting (SIGTERM): the heartbeat's wait ends at once, and the stream
      // closes telling the browser to come back in a second, through the balancer to another
      // instance, where Last-Event-ID replays what it misses meanwhile.
      let wake = () => {};
      let stopping = false;
      const stopWaiting = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const offStop = deps.lifecycle.onStopAccepting(() => {
        stopping = true;
        wake();
      });
      try {
        await stream.write("retry: 3000\n\n");
        if (lastEventId > 0) {
          for (const event of await deps.events.replay(workspaceId, lastEventId)) await send(event);
        }
        while (pending.length > 0) {
          for (const event of pending.splice(0).sort((a, b) => a.id - b.id)) await send(event);
        }
        live = true;
        while (!closed && !stopping) {
          await Promise.race([stream.sleep(heartbeatMs), stopWaiting]);
          if (stopping) break;
          if (!closed && !(await sessionLives())) closed = true;
          if (!closed) await stream.write(": ping\n\n");
        }
        if (stopping && !closed) {
          await sending;
          await stream.write(`retry: ${RECONNECT_AFTER_STOP_MS}\n\n`);
        }
      } finally {
        closed = true;
        offStop();
        unsubscribe();
        closeCount();
      }
    });
  });
}
