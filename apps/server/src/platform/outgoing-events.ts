import type { WebhookEventData, WebhookEventType } from "@sightline/contracts";

/**
 * Something that happened in a workspace that its outgoing webhooks may hear of (issue 35 point
 * 4, decision 034). `key` names the occurrence at its source (a post id, a message id): the same
 * occurrence told twice (a webhook Meta redelivers) is one event, delivered once per endpoint.
 */
export type OutgoingEvent = {
  [T in WebhookEventType]: { type: T; key: string; data: WebhookEventData[T] };
}[WebhookEventType];

/**
 * The port the features that see events (publishing, the Instagram webhook drain, Press Radar,
 * automations) tell them through; the outgoing-webhooks feature implements it and the
 * composition root hands it to them. `emit` never throws: a webhook's trouble must not fail a
 * publish or a webhook drain.
 */
export interface OutgoingEvents {
  emit(workspaceId: string, event: OutgoingEvent): Promise<void>;
}

/** For a context built without the outgoing-webhooks feature (a benchmark's second worker). */
export const noOutgoingEvents: OutgoingEvents = { emit: async () => {} };
