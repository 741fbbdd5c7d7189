import { z } from "zod";
import { graphIdSchema } from "./common.ts";

/**
 * §1.4 — the professional account. `id` is app-scoped on [IG]; `user_id` is the IG_ID used
 * everywhere else. `account_type` casing differs between docs and live replies.
 */
export const instagramProfileSchema = z.object({
  id: graphIdSchema,
  user_id: graphIdSchema.optional(),
  ig_id: z.union([z.string(), z.number()]).optional(),
  username: z.string().optional(),
  name: z.string().optional(),
  account_type: z.string().optional(),
  profile_picture_url: z.string().optional(),
  biography: z.string().optional(),
  website: z.string().optional(),
  followers_count: z.number().optional(),
  follows_count: z.number().optional(),
  media_count: z.number().optional(),
  has_profile_pic: z.boolean().optional(),
});
export type InstagramProfile = z.infer<typeof instagramProfileSchema>;

/** §5.3 — User Profile API for an IGSID. */
export const instagramUserProfileSchema = z.object({
  id: graphIdSchema,
  name: z.string().nullable().optional(),
  username: z.string().optional(),
  profile_pic: z.string().nullable().optional(),
  follower_count: z.number().optional(),
  is_user_follow_business: z.boolean().optional(),
  is_business_follow_user: z.boolean().optional(),
  is_verified_user: z.boolean().optional(),
});
export type InstagramUserProfile = z.infer<typeof instagramUserProfileSchema>;

/** §6.3 — `GET /{id}/subscribed_apps`. */
export const subscribedAppsSchema = z.object({
  data: z.array(
    z.object({
      id: graphIdSchema.optional(),
      name: z.string().optional(),
      subscribed_fields: z.array(z.string()),
    }),
  ),
});
export type SubscribedApps = z.infer<typeof subscribedAppsSchema>;
