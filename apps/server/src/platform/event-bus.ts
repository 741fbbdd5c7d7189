import type { RealtimeEventType } from "@sightline/contracts";
import {
  type Database,
  deleteRealtimeEventsBefore,
  findRealtimeEvent,
  insertRealtimeEvent,
  listenToChannel,
  listRealtimeEventsAfter,
  REALTIME_CHANNEL,
} from "@sightline/db";
import type { Logger } from "../lib/logger.ts";
import { type Clock, systemClock } from "./clock.ts";

export type RealtimeEvent = {
  id: number;
  type: string;
  data: Record<string, unknown>;
};

export type EventHandler = (event: RealtimeEvent) => void;

/** How long events are kept for reconnecting browsers (Last-Event-ID). */
export const REPLAY_WINDOW_MS = 5 * 60_000;

export interface EventBus {
  /** Stores the event and fans it out to the user's streams on every instance. */
  publish(
    workspaceId: string,
    type: RealtimeEventType,
    data?: Record<string, unknown>,
  ): Promise<number>;
  /** Calls `handler` with each new event of this user seen by this instance. */
  subscribe(workspaceId: string, handler: EventHandler): () => void;
  /** The user's stored events after `afterId`, within the replay window, oldest first. */
  replay(workspaceId: string, afterId: number): Promise<RealtimeEvent[]>;
  close(): Promise<void>;
}

/**
 * PostgreSQL NOTIFY/LISTEN (PGlite too) as the event bus: `publish` inserts a row and notifies
 * `<id>:<workspaceId>`; every instance listens, and only an instance with a stream open for that user
 * reads the row and hands it to its subscribers. Old rows are pruned every minute.
 */
export async function createEventBus(options: {
  database: Database;
  logger: Logger;
  now?: Clock;
}): Promise<EventBus> {
  const { database, logger } = options;
  const now = options.now ?? systemClock;
  const db = database.db;
  const subscribers = new Map<string, Set<EventHandler>>();

  const deliver = async (payload: string) => {
    const separator = payload.indexOf(":");
    const id = Number(payload.slice(0, separator));
    const workspaceId = payload.slice(separator + 1);
    const handlers = subscribers.get(workspaceId);
    if (!handlers || handlers.size === 0 || !Number.isSafeInteger(id)) return;
    const row = await findRealtimeEvent(db, id);
    if (!row || row.workspaceId !== workspaceId) return;
    const event = { id: row.id, type: row.type, data: row.data };
    for (const handler of handlers) handler(event);
  };

  const unlisten = await listenToChannel(
    database,
    REALTIME_CHANNEL,
    (payload) => {
      deliver(payload).catch((error: unknown) =>
        logger.warn({ err: error }, "realtime event could not be delivered"),
      );
    },
    (error) => logger.warn({ err: error }, "realtime listener lost its connection; reconnecting"),
  );

  const prune = setInterval(() => {
    deleteRealtimeEventsBefore(db, new Date(now() - REPLAY_WINDOW_MS)).catch(() => {});
  }, 60_000);
  prune.unref();

  return {
    async publish(workspaceId, type, data = {}) {
      const row = await insertRealtimeEvent(db, { workspaceId, type, data });
      return row.id;
    },
    subscribe(workspaceId, handler) {
      let handlers = subscribers.get(workspaceId);
      if (!handlers) {
        handlers = new Set();
        subscribers.set(workspaceId, handlers);
      }
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
        // Only this set: unsubscribing twice (abort, then the stream's finally) after the last
        // stream closed and a new one opened must not drop the new stream's set.
        if (handlers.size === 0 && subscribers.get(workspaceId) === handlers) {
          subscribers.delete(workspaceId);
        }
      };
    },
    async replay(workspaceId, afterId) {
      const rows = await listRealtimeEventsAfter(db, {
        workspaceId,
        afterId,
        since: new Date(now() - REPLAY_WINDOW_MS),
      });
      return rows.map((row) => ({ id: row.id, type: row.type, data: row.data }));
    },
    async close() {
      clearInterval(prune);
      subscribers.clear();
      await unlisten();
    },
  };
}
