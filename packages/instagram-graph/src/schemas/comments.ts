import { z } from "zod";
import { collectionSchema, graphIdSchema, pagingSchema } from "./common.ts";

const commentFields = {
  id: graphIdSchema,
  text: z.string().optional(),
  timestamp: z.string().optional(),
  username: z.string().optional(),
  from: z.object({ id: graphIdSchema, username: z.string().optional() }).optional(),
  like_count: z.number().optional(),
  hidden: z.boolean().optional(),
  parent_id: graphIdSchema.optional(),
  media: z.object({ id: graphIdSchema, media_product_type: z.string().optional() }).optional(),
};

export const commentReplySchema = z.object(commentFields);
export type InstagramCommentReply = z.infer<typeof commentReplySchema>;

/** §4 — IG Comment; replies are one level deep. */
export const commentSchema = z.object({
  ...commentFields,
  replies: z
    .object({ data: z.array(commentReplySchema), paging: pagingSchema.optional() })
    .optional(),
});
export type InstagramComment = z.infer<typeof commentSchema>;

export const commentListSchema = collectionSchema(commentSchema);
export type CommentList = z.infer<typeof commentListSchema>;
