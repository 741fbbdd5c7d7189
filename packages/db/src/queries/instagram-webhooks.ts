import { eq } from "drizzle-orm";
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

export async function findWebhookEvent(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(instagramWebhookEvents)
    .where(eq(instagramWebhookEvents.id, id));
  return row;
}

export async function markWebhookEventProcessed(
  db: Db,
  id: number,
  result: { at: Date; error?: string },
) {
  await db
    .update(instagramWebhookEvents)
    .set({ processedAt: result.at, error: result.error ?? null })
    .where(eq(instagramWebhookEvents.id, id));
}
