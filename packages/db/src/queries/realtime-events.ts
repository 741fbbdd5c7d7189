import { and, asc, eq, gt, gte, lt, sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db } from "../client.ts";
import { realtimeEvents } from "../schema/realtime-events.ts";

export type RealtimeEventRow = typeof realtimeEvents.$inferSelect;

/** The channel every instance LISTENs on; a notification carries only `<id>:<workspaceId>`. */
export const REALTIME_CHANNEL = "realtime_events";

/** Stores the event and notifies every instance, in one statement (one round trip). */
export async function insertRealtimeEvent(
  db: Db,
  values: { workspaceId: string; type: string; data: Record<string, unknown> },
): Promise<RealtimeEventRow> {
  const [row] = await db.insert(realtimeEvents).values(values).returning();
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${`${row!.id}:${row!.workspaceId}`})`);
  return row!;
}

export async function findRealtimeEvent(db: Db, id: number) {
  const [row] = await db.select().from(realtimeEvents).where(eq(realtimeEvents.id, id));
  return row;
}

/** The user's events after `afterId` and no older than `since`, oldest first. */
export function listRealtimeEventsAfter(
  db: Db,
  params: { workspaceId: string; afterId: number; since: Date; limit?: number },
) {
  return db
    .select()
    .from(realtimeEvents)
    .where(
      and(
        eq(realtimeEvents.workspaceId, params.workspaceId),
        gt(realtimeEvents.id, params.afterId),
        gte(realtimeEvents.createdAt, params.since),
      ),
    )
    .orderBy(asc(realtimeEvents.id))
    .limit(params.limit ?? 500);
}

export async function deleteRealtimeEventsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(realtimeEvents).where(lt(realtimeEvents.createdAt, before));
}

/**
 * Calls `onNotify` with each notification's payload on `channel`, on either engine: PGlite's
 * own listener, or a dedicated PostgreSQL connection (outside the pool, which it would otherwise
 * hold forever and keep `pool.end()` waiting) that reconnects when it drops. Returns a function
 * that stops listening.
 */
export async function listenToChannel(
  database: Database,
  channel: string,
  onNotify: (payload: string) => void,
  onError: (error: unknown) => void = () => {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, onNotify);
    return async () => {
      if (!database.pglite?.closed) await unlisten();
    };
  }
  const pool = database.pool;
  if (!pool) throw new Error("No connection to listen on");
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    try {
      const next = new pg.Client(pool.options);
      await next.connect();
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      next.on("notification", (message) => {
        if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
      });
      next.on("error", (error) => {
        onError(error);
        void next.end().catch(() => {});
        if (client === next) client = undefined;
        if (!stopped) retry = setTimeout(() => void connect(), 1_000);
      });
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      onError(error);
      if (!stopped) retry = setTimeout(() => void connect(), 1_000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    if (current) {
      await current.end().catch(() => {});
    }
  };
}
