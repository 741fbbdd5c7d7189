import { createHash, randomUUID } from "node:crypto";
import {
  planCan,
  WEBHOOK_TEXT_MAX,
  type WebhookDeliveryEventType,
  type WebhookEventBody,
} from "@sightline/contracts";
import {
  insertWebhookDeliveries,
  listEnabledWebhookEndpoints,
  type WebhookDeliveryRow,
} from "@sightline/db";
import { dateOf } from "../../platform/clock.ts";
import type { OutgoingEvent } from "../../platform/outgoing-events.ts";
import type { InboxArrival } from "../instagram/index.ts";
import { planOf } from "../plans/index.ts";
import type { OutgoingWebhooksContext } from "./context.ts";
import { deliverWebhooksJob } from "./deliver.ts";

/** An event's id: the same occurrence (type and source key) always gets the same one. */
export function webhookEventId(type: WebhookDeliveryEventType, key: string): string {
  return `evt_${createHash("sha256").update(`${type}:${key}`).digest("hex").slice(0, 32)}`;
}

/** A text cut for a payload. */
export function clip(text: string): string;
export function clip(text: string | null): string | null;
export function clip(text: string | null): string | null {
  if (text === null) return null;
  return text.length > WEBHOOK_TEXT_MAX ? `${text.slice(0, WEBHOOK_TEXT_MAX - 1)}…` : text;
}

/**
 * Queues one delivery of each event for every endpoint of the workspace that is on and
 * subscribed to it, when the plan includes webhooks; an event already queued for an endpoint
 * (the unique event id) is not queued again. One read of the endpoints and one write for all
 * the events (a webhook drain's batch of arrivals), and nothing more when the workspace has no
 * endpoint on. Never throws: the caller's work goes on.
 */
export async function emitWebhookEvents(
  ctx: OutgoingWebhooksContext,
  workspaceId: string,
  events: readonly OutgoingEvent[],
): Promise<void> {
  if (events.length === 0) return;
  try {
    const endpoints = await listEnabledWebhookEndpoints(ctx.db, workspaceId);
    const wanted = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => endpoint.events.includes(event.type))
        .map((endpoint) => ({ event, endpointId: endpoint.id })),
    );
    if (wanted.length === 0) return;
    const now = dateOf(ctx.now);
    if (!planCan(await planOf(ctx.db, workspaceId, now), "publicApi")) return;
    const inserted = await insertWebhookDeliveries(
      ctx.db,
      wanted.map(({ event, endpointId }) => {
        const id = webhookEventId(event.type, event.key);
        const payload = {
          id,
          type: event.type,
          created_at: now.toISOString(),
          workspace_id: workspaceId,
          data: event.data,
        } as WebhookEventBody;
        return {
          workspaceId,
          endpointId,
          eventId: id,
          eventType: event.type,
          payload,
          attempt: 1,
          status: "pending" as const,
          nextAttemptAt: now,
          createdAt: now,
        };
      }),
    );
    if (inserted.length > 0) await ctx.queue.send(deliverWebhooksJob, {});
  } catch (error) {
    ctx.logger.warn(
      { err: error, types: [...new Set(events.map((event) => event.type))] },
      "could not queue webhook events",
    );
  }
}

/**
 * One attempt made by hand: "Send test event" (a `ping`) or "Resend" of a logged delivery (the
 * same event id and body, the next attempt number). Sent by the drain like any other.
 */
export async function queueManualDelivery(
  ctx: OutgoingWebhooksContext,
  input:
    | { kind: "ping"; workspaceId: string; endpointId: string }
    | { kind: "resend"; of: WebhookDeliveryRow; attempt: number },
): Promise<WebhookDeliveryRow> {
  const now = dateOf(ctx.now);
  const row =
    input.kind === "ping"
      ? (() => {
          const id = webhookEventId("ping", randomUUID());
          return {
            workspaceId: input.workspaceId,
            endpointId: input.endpointId,
            eventId: id,
            eventType: "ping" as const,
            payload: {
              id,
              type: "ping",
              created_at: now.toISOString(),
              workspace_id: input.workspaceId,
              data: { message: "A test event from Sightline." },
            } satisfies WebhookEventBody<"ping">,
            attempt: 1,
          };
        })()
      : {
          workspaceId: input.of.workspaceId,
          endpointId: input.of.endpointId,
          eventId: input.of.eventId,
          eventType: input.of.eventType,
          payload: input.of.payload,
          attempt: input.attempt,
        };
  const [inserted] = await insertWebhookDeliveries(ctx.db, [
    { ...row, manual: true, status: "pending", nextAttemptAt: now, createdAt: now },
  ]);
  if (!inserted) throw new Error("the delivery was not written");
  await ctx.queue.send(deliverWebhooksJob, {});
  return inserted;
}

/**
 * What the Instagram webhook drain saw arrive, as events: a DM (`dm.received`), a story that
 * mentions the account (`mention.received`), a comment (`comment.received`).
 */
export function eventsOfArrivals(arrivals: InboxArrival[]): Map<string, OutgoingEvent[]> {
  const byWorkspace = new Map<string, OutgoingEvent[]>();
  for (const [workspaceId, event] of arrivals.map(eventOfArrival)) {
    byWorkspace.set(workspaceId, [...(byWorkspace.get(workspaceId) ?? []), event]);
  }
  return byWorkspace;
}

function eventOfArrival(arrival: InboxArrival): [string, OutgoingEvent] {
  if (arrival.kind === "comment") {
    return [
      arrival.workspaceId,
      {
        type: "comment.received",
        key: `${arrival.accountId}:${arrival.commentId}`,
        data: {
          account_id: arrival.accountId,
          comment_id: arrival.commentId,
          parent_id: arrival.parentId,
          media_id: arrival.mediaId,
          from_id: arrival.personId,
          from_username: arrival.username,
          text: clip(arrival.text),
          sent_at: arrival.at.toISOString(),
        },
      },
    ];
  }
  if (arrival.storyMention) {
    return [
      arrival.workspaceId,
      {
        type: "mention.received",
        key: `${arrival.accountId}:${arrival.messageId}`,
        data: {
          source: "instagram_story",
          account_id: arrival.accountId,
          message_id: arrival.messageId,
          from_id: arrival.personId,
        },
      },
    ];
  }
  return [
    arrival.workspaceId,
    {
      type: "dm.received",
      key: `${arrival.accountId}:${arrival.messageId}`,
      data: {
        account_id: arrival.accountId,
        message_id: arrival.messageId,
        from_id: arrival.personId,
        text: clip(arrival.text),
        sent_at: arrival.at.toISOString(),
        story_reply: arrival.storyReply,
      },
    },
  ];
}
