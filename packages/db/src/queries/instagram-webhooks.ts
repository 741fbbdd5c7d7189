import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instagramWebhookEvents } from "../schema/index.ts";

/**
 * Stores a verified delivery once: Meta's redeliveries and duplicates carry the same bytes, so
 * the body's hash finds them. Returns the new row's id, or null for a delivery seen before.
 */
export async function insertWebhookEventOnce(
  db: Db,
  row: { bodySha256: string; object: string; signedBy: "instagram" | "meta"; body: string },
): Promise<number | null> {
  const [inserted] = await db
    .insert(instagramWebhookEvents)
    .values(row)
    .onConflictDoNothing({ target: instagramWebhookEvents.bodySha256 })
    .returning({ id: instagramWebhookEvents.id });
  return inserted?.id ?? null;
}

/** Events still to process (oldest first), skipping ones waiting for a retry or given up. */
export async function listPendingWebhookEvents(
  db: Db,
  options: { now: Date; limit: number; maxAttempts: number },
) {
  return db
    .select()
    .from(instagramWebhookEvents)
    .where(
      and(
        isNull(instagramWebhookEvents.processedAt),
        lt(instagramWebhookEvents.attempts, options.maxAttempts),
        or(
          isNull(instagramWebhookEvents.retryAt),
          lte(instagramWebhookEvents.retryAt, options.now),
        ),
      ),
    )
    .orderBy(asc(instagramWebhookEvents.id))
    .limit(options.limit);
}

export async function markWebhookEventsProcessed(db: Db, ids: number[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(instagramWebhookEvents)
    .set({ processedAt: at, error: null, retryAt: null })
    .where(inArray(instagramWebhookEvents.id, ids));
}

export async function markWebhookEventFailed(
  db: Db,
  id: number,
  failure: { error: string; retryAt: Date },
) {
  await db
    .update(instagramWebhookEvents)
    .set({
      attempts: sql`${instagramWebhookEvents.attempts} + 1`,
      error: failure.error.slice(0, 500),
      retryAt: failure.retryAt,
    })
    .where(eq(instagramWebhookEvents.id, id));
}
