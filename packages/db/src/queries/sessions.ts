import { and, desc, eq, gt, inArray, ne } from "drizzle-orm";
import type { Db } from "../client.ts";
import { session } from "../schema/index.ts";

/** Deletes every session of the user except the one with `keepToken` (no listing limit). */
export async function deleteOtherSessions(db: Db, userId: string, keepToken: string) {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.token, keepToken)))
    .returning({ id: session.id });
  return rows.length;
}

/** Keeps the user's `keep` newest sessions and deletes the older ones. */
export async function deleteSessionsBeyondNewest(db: Db, userId: string, keep: number) {
  const older = await db
    .select({ id: session.id })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(desc(session.createdAt), desc(session.id))
    .offset(keep);
  if (older.length === 0) return 0;
  await db.delete(session).where(
    inArray(
      session.id,
      older.map((row) => row.id),
    ),
  );
  return older.length;
}

/** True when the session exists, belongs to the user and has not expired. */
export async function isSessionActive(db: Db, sessionId: string, userId: string, now: Date) {
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId), gt(session.expiresAt, now)));
  return row !== undefined;
}
