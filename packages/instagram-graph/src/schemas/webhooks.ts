import { z } from "zod";
import { graphIdSchema } from "./common.ts";

/** §6.4 — value of a `comments` / `live_comments` change (captured production form). */
export const commentChangeValueSchema = z.object({
  id: graphIdSchema,
  text: z.string().optional(),
  parent_id: graphIdSchema.optional(),
  from: z
    .object({
      id: graphIdSchema,
      username: z.string().optional(),
      self_ig_scoped_id: graphIdSchema.optional(),
    })
    .optional(),
  media: z
    .object({
      id: graphIdSchema,
      media_product_type: z.string().optional(),
      ad_id: z.string().optional(),
      ad_title: z.string().optional(),
      original_media_id: z.string().optional(),
    })
    .optional(),
});
export type CommentChangeValue = z.infer<typeof commentChangeValueSchema>;

export const webhookChangeSchema = z.object({
  field: z.string(),
  value: z.unknown(),
});

export const webhookMessageSchema = z
  .object({
    mid: z.string(),
    text: z.string().optional(),
    is_echo: z.boolean().optional(),
    is_deleted: z.boolean().optional(),
    is_self: z.boolean().optional(),
    is_unsupported: z.boolean().optional(),
    attachments: z
      .array(
        z.object({ type: z.string(), payload: z.object({ url: z.string().optional() }).loose() }),
      )
      .optional(),
    reply_to: z.object({ mid: z.string().optional() }).loose().optional(),
    quick_reply: z.object({ payload: z.string() }).optional(),
  })
  .loose();

/** §6.4 — messaging-style event; `timestamp` in milliseconds. */
export const messagingEventSchema = z
  .object({
    sender: z.object({ id: graphIdSchema }),
    recipient: z.object({ id: graphIdSchema }),
    timestamp: z.number(),
    message: webhookMessageSchema.optional(),
    reaction: z
      .object({
        mid: z.string(),
        action: z.string(),
        reaction: z.string().optional(),
        emoji: z.string().optional(),
      })
      .optional(),
    read: z.object({ mid: z.string() }).optional(),
    postback: z
      .object({ mid: z.string().optional(), title: z.string().optional(), payload: z.string() })
      .optional(),
  })
  .loose();
export type MessagingEvent = z.infer<typeof messagingEventSchema>;

/** §6.4 — `time` is seconds for `changes[]` entries and milliseconds for `messaging[]` entries. */
export const webhookEntrySchema = z.object({
  id: graphIdSchema,
  time: z.number(),
  changes: z.array(webhookChangeSchema).optional(),
  messaging: z.array(messagingEventSchema).optional(),
});

export const webhookPayloadSchema = z.object({
  object: z.string(),
  entry: z.array(webhookEntrySchema),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
