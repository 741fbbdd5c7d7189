import { randomUUID } from "node:crypto";
import { WEBHOOK_MAX_ENDPOINTS, type WebhookEventType } from "@sightline/contracts";
import {
  countWebhookEndpoints,
  insertWebhookEndpoint,
  updateWebhookEndpoint,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { dateOf } from "../../platform/clock.ts";
import type { OutgoingWebhooksContext } from "./context.ts";
import { generateWebhookSecret, webhookSecretContext } from "./signing.ts";
import { checkWebhookUrl } from "./url-check.ts";

/** An endpoint as the API shows it: never its secret. */
export function toEndpoint(row: WebhookEndpointRow, last: WebhookDeliveryRow | undefined) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last
      ? {
          status: last.status,
          responseCode: last.responseCode,
          eventType: last.eventType,
          at: (last.deliveredAt ?? last.createdAt).toISOString(),
        }
      : null,
  };
}

export function toDelivery(row: WebhookDeliveryRow) {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    attempt: row.attempt,
    manual: row.manual,
    status: row.status,
    responseCode: row.responseCode,
    responseExcerpt: row.responseExcerpt,
    durationMs: row.durationMs,
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    payload: row.payload,
  };
}

/** Creates an endpoint after its URL passed the safe-fetch rules; answers it and its secret. */
export async function createWebhookEndpoint(
  ctx: OutgoingWebhooksContext,
  workspaceId: string,
  input: { url: string; description: string; events: WebhookEventType[] },
  createdBy: string,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  if ((await countWebhookEndpoints(ctx.db, workspaceId)) >= WEBHOOK_MAX_ENDPOINTS) {
    throw new AppError(
      "conflict",
      `A workspace has at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints: delete one first.`,
    );
  }
  const checked = await checkWebhookUrl(input.url, ctx.fetchOptions);
  if (!checked.ok) {
    throw new AppError("validation_failed", checked.message, [
      { path: "url", message: checked.message },
    ]);
  }
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const now = dateOf(ctx.now);
  const row = await insertWebhookEndpoint(ctx.db, {
    id,
    workspaceId,
    url: checked.url,
    description: input.description,
    events: input.events,
    secret: ctx.vault.encrypt(secret, webhookSecretContext(workspaceId, id)),
    createdBy,
    createdAt: now,
    updatedAt: now,
  });
  return { row, secret };
}

/** A new secret for the endpoint (the old one stops working at once); answers it, once. */
export async function rollWebhookSecret(
  ctx: OutgoingWebhooksContext,
  workspaceId: string,
  id: string,
): Promise<string | undefined> {
  const secret = generateWebhookSecret();
  const row = await updateWebhookEndpoint(ctx.db, workspaceId, id, {
    secret: ctx.vault.encrypt(secret, webhookSecretContext(workspaceId, id)),
    updatedAt: dateOf(ctx.now),
  });
  return row ? secret : undefined;
}
