import { z } from "zod";
import { collectionSchema, graphIdSchema, pagingSchema } from "./common.ts";
import { mediaSchema } from "./media.ts";

/** §7.1 — Business Discovery: the other account's public profile and media. */
export const businessDiscoverySchema = z.object({
  id: graphIdSchema,
  business_discovery: z.object({
    id: graphIdSchema,
    username: z.string().optional(),
    name: z.string().optional(),
    biography: z.string().optional(),
    website: z.string().optional(),
    profile_picture_url: z.string().optional(),
    followers_count: z.number().optional(),
    follows_count: z.number().optional(),
    media_count: z.number().optional(),
    media: z.object({ data: z.array(mediaSchema), paging: pagingSchema.optional() }).optional(),
  }),
});
export type BusinessDiscovery = z.infer<typeof businessDiscoverySchema>;

/** §7.2 */
export const hashtagSearchSchema = collectionSchema(z.object({ id: graphIdSchema }));
export const hashtagSchema = z.object({ id: graphIdSchema, name: z.string().optional() });
export type Hashtag = z.infer<typeof hashtagSchema>;
export const hashtagMediaListSchema = collectionSchema(mediaSchema);
