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

/** Texts in payloads are cut to this many characters. */
export const WEBHOOK_TEXT_MAX = 500;

const text = z.string().describe(`Cut to ${WEBHOOK_TEXT_MAX} characters.`);
const nullableText = text.nullable();
const instant = z.iso.datetime({ offset: true }).describe("ISO 8601, UTC.");

/**
 * The `data` of each event. Ids are Instagram's (account, media, comment, message) or ours
 * (post, automation, mention); texts are cut to WEBHOOK_TEXT_MAX characters. Schemas, so the
 * type below and the OpenAPI document's `webhooks` are one description.
 */
export const webhookEventDataSchemas = {
  "post.published": z.object({
    post_id: z.string().describe("The post's id in Sightline."),
    account_id: z.string().describe("The Instagram account's id."),
    ig_media_id: z.string().nullable().describe("The published media's id on Instagram."),
    permalink: z.string().nullable(),
    published_at: instant.nullable(),
  }),
  "post.failed": z.object({
    post_id: z.string(),
    account_id: z.string(),
    error: z.string().nullable().describe("What Instagram or Sightline answered, in words."),
  }),
  "dm.received": z.object({
    account_id: z.string(),
    message_id: z.string(),
    from_id: z.string().describe("The sender's Instagram-scoped id."),
    text: nullableText,
    sent_at: instant,
    story_reply: z
      .boolean()
      .describe("Whether the message replies to one of the account's stories."),
  }),
  "comment.received": z.object({
    account_id: z.string(),
    comment_id: z.string(),
    parent_id: z.string().nullable().describe("The comment it replies to, if any."),
    media_id: z.string(),
    from_id: z.string(),
    from_username: z.string().nullable(),
    text,
    sent_at: instant,
  }),
  "mention.received": z.union([
    z.object({
      source: z.literal("press"),
      mention_id: z.string(),
      title: z.string(),
      link: z.string().nullable(),
      matched_terms: z.array(z.string()),
      published_at: instant,
    }),
    z.object({
      source: z.literal("instagram_story"),
      account_id: z.string(),
      message_id: z.string(),
      from_id: z.string(),
    }),
  ]),
  "automation.sent": z.object({
    account_id: z.string(),
    automation_id: z.string(),
    action: z.string().describe("What the automation did (a reply, a private reply, a DM)."),
    result_id: z.string().nullable().describe("The id Instagram gave what was sent."),
    sent_at: instant,
  }),
  ping: z.object({ message: z.string() }),
} as const;

export type WebhookEventData = {
  [T in WebhookDeliveryEventType]: z.output<(typeof webhookEventDataSchemas)[T]>;
};

/** The body of every delivery. */
export type WebhookEventBody<T extends WebhookDeliveryEventType = WebhookDeliveryEventType> = {
  id: string;
  type: T;
  created_at: string;
  workspace_id: string;
  data: WebhookEventData[T];
};

/** A delivery's body, for one event (the OpenAPI document's `webhooks`). */
export function webhookEventBodySchema(type: WebhookDeliveryEventType) {
  return z.object({
    id: z
      .string()
      .describe(
        "The event's id: the same at every endpoint and in every retry; skip one you have seen.",
      ),
    type: z.literal(type),
    created_at: instant,
    workspace_id: z.string(),
    data: webhookEventDataSchemas[type],
  });
}

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
