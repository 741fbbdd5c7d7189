import { z } from "zod";
import { collectionSchema, graphIdSchema, pagingSchema } from "./common.ts";

export const mediaTypeSchema = z.enum(["IMAGE", "VIDEO", "CAROUSEL_ALBUM"]);
export type MediaType = z.infer<typeof mediaTypeSchema>;

export const mediaProductTypeSchema = z.enum(["FEED", "REELS", "STORY", "AD"]);
export type MediaProductType = z.infer<typeof mediaProductTypeSchema>;

/** §3.1 — a carousel child (no permalink, no caption). */
export const mediaChildSchema = z.object({
  id: graphIdSchema,
  media_type: mediaTypeSchema.optional(),
  media_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  timestamp: z.string().optional(),
  alt_text: z.string().optional(),
});
export type MediaChild = z.infer<typeof mediaChildSchema>;

/** §3.1 — IG Media node; every field optional because `fields` selects them. */
export const mediaSchema = z.object({
  id: graphIdSchema,
  caption: z.string().optional(),
  media_type: mediaTypeSchema.optional(),
  media_product_type: mediaProductTypeSchema.optional(),
  media_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  permalink: z.string().optional(),
  shortcode: z.string().optional(),
  timestamp: z.string().optional(),
  username: z.string().optional(),
  owner: z.object({ id: graphIdSchema }).optional(),
  like_count: z.number().optional(),
  comments_count: z.number().optional(),
  view_count: z.number().optional(),
  is_comment_enabled: z.boolean().optional(),
  is_shared_to_feed: z.boolean().optional(),
  alt_text: z.string().optional(),
  children: z
    .object({ data: z.array(mediaChildSchema), paging: pagingSchema.optional() })
    .optional(),
});
export type InstagramMedia = z.infer<typeof mediaSchema>;

export const mediaListSchema = collectionSchema(mediaSchema);
export type MediaList = z.infer<typeof mediaListSchema>;
