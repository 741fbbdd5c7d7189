import { z } from "zod";
import { collectionSchema, graphIdSchema, pagingSchema } from "./common.ts";

export const messageParticipantSchema = z.object({
  id: graphIdSchema,
  username: z.string().optional(),
});

export const messageAttachmentSchema = z
  .object({
    type: z.string().optional(),
    mime_type: z.string().optional(),
    image_data: z.object({ url: z.string() }).partial().optional(),
    video_data: z.object({ url: z.string() }).partial().optional(),
    file_url: z.string().optional(),
    generic_template: z.object({ url: z.string() }).partial().loose().optional(),
    payload: z.object({ url: z.string().optional() }).optional(),
  })
  .loose();

/** §5.1 — message node. Default fields are only `id`, `created_time`. */
export const messageSchema = z.object({
  id: z.string(),
  created_time: z.string().optional(),
  from: messageParticipantSchema.optional(),
  to: z.object({ data: z.array(messageParticipantSchema) }).optional(),
  message: z.string().optional(),
  attachments: z.object({ data: z.array(messageAttachmentSchema) }).optional(),
  is_unsupported: z.boolean().optional(),
});
export type InstagramMessage = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  updated_time: z.string().optional(),
  participants: z.object({ data: z.array(messageParticipantSchema) }).optional(),
  messages: z.object({ data: z.array(messageSchema), paging: pagingSchema.optional() }).optional(),
});
export type InstagramConversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = collectionSchema(conversationSchema);

/** §5.2 — Send API success. */
export const sendMessageResultSchema = z.object({
  recipient_id: graphIdSchema.optional(),
  message_id: z.string().optional(),
});
export type SendMessageResult = z.infer<typeof sendMessageResultSchema>;
