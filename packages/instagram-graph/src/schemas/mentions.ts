import { z } from "zod";
import { collectionSchema, graphIdSchema, graphTimeSchema } from "./common.ts";

/** §4 — another account's media that mentions (caption) or tags the account. */
export const mentionedMediaSchema = z
  .object({
    id: graphIdSchema,
    caption: z.string().optional(),
    media_type: z.string().optional(),
    media_product_type: z.string().optional(),
    media_url: z.string().optional(),
    permalink: z.string().optional(),
    timestamp: graphTimeSchema.optional(),
    /** The media owner's username. */
    username: z.string().optional(),
    /** Absent when the owner hides likes. */
    like_count: z.number().int().nonnegative().optional(),
    comments_count: z.number().int().nonnegative().optional(),
  })
  .loose();
export type MentionedMedia = z.infer<typeof mentionedMediaSchema>;

/** §4 — a comment of another account that @mentions the account, with the post it is under. */
export const mentionedCommentSchema = z
  .object({
    id: graphIdSchema,
    text: z.string().optional(),
    timestamp: graphTimeSchema.optional(),
    username: z.string().optional(),
    like_count: z.number().int().nonnegative().optional(),
    media: mentionedMediaSchema.optional(),
  })
  .loose();
export type MentionedComment = z.infer<typeof mentionedCommentSchema>;

export const mentionedMediaResponseSchema = z.object({
  mentioned_media: mentionedMediaSchema,
});
export const mentionedCommentResponseSchema = z.object({
  mentioned_comment: mentionedCommentSchema,
});
export const taggedMediaListSchema = collectionSchema(mentionedMediaSchema);

/** §6.4 — value of a `mentions` change: `comment_id` only for a mention in a comment. */
export const mentionChangeValueSchema = z.object({
  media_id: graphIdSchema,
  comment_id: graphIdSchema.optional(),
});
export type MentionChangeValue = z.infer<typeof mentionChangeValueSchema>;
