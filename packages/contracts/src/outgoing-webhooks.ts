import { z } from "zod";

/*
 * Outgoing webhooks (issue 35 point 4, decision 034): a workspace subscribes an https URL to
 * events; each delivery is a signed JSON POST. These are the events, their payloads (small, no
 * secrets or tokens), the request schemas of the routes and the signature's rule, shared by the
 * server, the web app and the documentation.
 */

export const webhookEventTypes = [
  "post.published",
  "post.failed",
  "dm.received",
  "comment.received",
  "mention.received",
  "automation.sent",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What a delivery can carry: the events, and `ping` ("Send test event"), never subscribed to. */
export type WebhookDeliveryEventType = WebhookEventType | "ping";

export const webhookEventLabels: Record<WebhookEventType, string> = {
  "post.published": "Post published",
  "post.failed": "Post failed",
  "dm.received": "New DM",
  "comment.received": "New comment",
  "mention.received": "New mention",
  "automation.sent": "Automation sent",
};

/**
 * The `data` of each event. Ids are Instagram's (account, media, comment, message) or ours
 * (post, automation, mention); texts are cut to WEBHOOK_TEXT_MAX characters.
 */
export type WebhookEventData = {
  "post.published": {
    post_id: string;
    account_id: string;
    ig_media_id: string | null;
    permalink: string | null;
    published_at: string | null;
  };
  "post.failed": { post_id: string; account_id: string; error: string | null };
  "dm.received": {
    account_id: string;
    message_id: string;
    from_id: string;
    text: string | null;
    sent_at: string;
    story_reply: boolean;
  };
  "comment.received": {
    account_id: string;
    comment_id: string;
    parent_id: string | null;
    media_id: string;
    from_id: string;
    from_username: string | null;
    text: string;
    sent_at: string;
  };
  "mention.received":
    | {
        source: "press";
        mention_id: string;
        title: string;
        link: string | null;
        matched_terms: string[];
        published_at: string;
      }
    | { source: "instagram_story"; account_id: string; message_id: string; from_id: string };
  "automation.sent": {
    account_id: string;
    automation_id: string;
    action: string;
    result_id: string | null;
    sent_at: string;
  };
  ping: { message: string };
};

/** The body of every delivery. */
export type WebhookEventBody<T extends WebhookDeliveryEventType = WebhookDeliveryEventType> = {
  id: string;
  type: T;
  created_at: string;
  workspace_id: string;
  data: WebhookEventData[T];
};

/** Texts in payloads are cut to this many characters. */
export const WEBHOOK_TEXT_MAX = 500;
export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed", "given_up"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** The request headers of a delivery. */
export const WEBHOOK_HEADERS = {
  event: "Sightline-Event",
  delivery: "Sightline-Delivery",
  timestamp: "Sightline-Timestamp",
  signature: "Sightline-Signature",
} as const;

/** A receiver refuses a timestamp further than this from its own clock (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * What is signed: `<unix seconds>.<raw body>`, HMAC-SHA256 with the endpoint's secret, sent as
 * `Sightline-Signature: v1=<hex>` (the scheme's version first, so a second one can follow).
 */
export function webhookSignedContent(timestamp: number, body: string): string {
  return `${timestamp}.${body}`;
}

const events = z
  .array(z.enum(webhookEventTypes, { error: "Not an event Sightline sends." }))
  .min(1, "Choose at least one event.")
  .max(webhookEventTypes.length)
  .transform((list) => [...new Set(list)]);

const description = z
  .string()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, `A description has at most ${WEBHOOK_DESCRIPTION_MAX} characters.`);

export const createWebhookEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter the URL Sightline should call.")
    .max(WEBHOOK_URL_MAX, `A URL has at most ${WEBHOOK_URL_MAX} characters.`),
  description: description.default(""),
  events,
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z
  .object({
    description: description.optional(),
    events: events.optional(),
    enabled: z.boolean().optional(),
  })
  .refine(
    (value) =>
      value.description !== undefined || value.events !== undefined || value.enabled !== undefined,
    "Change the description, the events or whether it is enabled.",
  );
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointSchema>;

export const listWebhookDeliveriesQuerySchema = z.object({
  /** The cursor: the `nextBefore` of the previous page. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
