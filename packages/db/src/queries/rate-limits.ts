import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { Db } from "../client.ts";
import { rateLimitEvents } from "../schema/index.ts";

export async function countRateLimitEventsSince(db: Db, key: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertRateLimitEvent(db: Db, key: string, at: Date) {
  await db.insert(rateLimitEvents).values({ key, createdAt: at });
}

export async function deleteRateLimitEventsBefore(db: Db, before: Date) {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, before));
}

/** The oldest attempt of `key` after `since` (when the window frees a place again). */
export async function oldestRateLimitEventSince(db: Db, key: string, since: Date) {
  const [row] = await db
    .select({ at: min(rateLimitEvents.createdAt) })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)));
  return row?.at ?? undefined;
}

export async function deleteRateLimitEvent(db: Db, key: string, at: Date) {
  await db
    .delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), eq(rateLimitEvents.createdAt, at)));
}
