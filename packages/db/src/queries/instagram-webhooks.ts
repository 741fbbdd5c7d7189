import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instagramWebhookEvents } from "../schema/index.ts";

export type WebhookEventInsert = {
  bodySha256: string;
  object: string;
  signedBy: "instagram" | "meta";
  body: string;
};

/**
 * Stores verified deliveries once, in one statement: Meta's redeliveries and duplicates carry
 * the same bytes, so the body's hash finds them. Answers the new rows' ids by body hash; a
 * delivery seen before has none. The rows go as four array parameters (unnest), so the statement
 * is the same text whatever their number and costs no per-value query building: it is on the
 * webhook's acknowledgement path (issue 27).
 */
export async function insertWebhookEventsOnce(
  db: Db,
  rows: WebhookEventInsert[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const column = (pick: (row: WebhookEventInsert) => string) => sql.param(rows.map(pick));
  const result = (await db.execute(sql`
    insert into instagram_webhook_events (body_sha256, object, signed_by, body)
    select * from unnest(
      ${column((row) => row.bodySha256)}::text[],
      ${column((row) => row.object)}::text[],
      ${column((row) => row.signedBy)}::text[],
      ${column((row) => row.body)}::text[]
    )
    on conflict (body_sha256) do nothing
    returning id, body_sha256`)) as unknown as {
    rows: Array<{ id: number | string; body_sha256: string }>;
  };
  return new Map(result.rows.map((row) => [row.body_sha256, Number(row.id)]));
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
        isNull(instagramWebhookEvents.deadLetteredAt),
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

/** The drain gives up on an event: counted, kept with its last error, never tried again. */
export async function markWebhookEventDeadLettered(
  db: Db,
  id: number,
  failure: { error: string; at: Date },
) {
  await db
    .update(instagramWebhookEvents)
    .set({
      attempts: sql`${instagramWebhookEvents.attempts} + 1`,
      error: failure.error.slice(0, 500),
      retryAt: null,
      deadLetteredAt: failure.at,
    })
    .where(eq(instagramWebhookEvents.id, id));
}

/**
 * Retention: deletes deliveries (their bodies hold DM and comment text) received before `before`
 * that are done with: processed or dead-lettered. Answers how many went.
 */
export async function pruneWebhookEvents(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(instagramWebhookEvents)
    .where(
      and(
        lt(instagramWebhookEvents.receivedAt, before),
        or(
          isNotNull(instagramWebhookEvents.processedAt),
          isNotNull(instagramWebhookEvents.deadLetteredAt),
        ),
      ),
    )
    .returning({ id: instagramWebhookEvents.id });
  return deleted.length;
}

/**
 * Deletes every stored delivery (DM and comment text) that names one of `accountIds` (an entry's
 * `id`) while no connection holds that account any more: what a deleted or disconnected user's
 * account received goes with them, and another user still connected to the same account keeps it.
 * Runs inside the caller's transaction when given one.
 */
export async function deleteWebhookEventsOfUnconnectedAccounts(
  db: Pick<Db, "execute">,
  accountIds: string[],
): Promise<number> {
  if (accountIds.length === 0) return 0;
  const ids = sql.join(
    accountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    delete from instagram_webhook_events e
    where exists (
      select 1 from jsonb_array_elements(
        case when jsonb_typeof(e.body::jsonb -> 'entry') = 'array' then e.body::jsonb -> 'entry' else '[]'::jsonb end
      ) as entry
      where entry ->> 'id' in (${ids})
        and not exists (select 1 from instagram_connections c where c.instagram_id = entry ->> 'id')
    )
    returning e.id`)) as unknown as { rows?: unknown[] } | unknown[];
  return Array.isArray(result) ? result.length : (result.rows?.length ?? 0);
}
