import { type Page, toPage } from "../pagination.ts";
import {
  type InstagramProfile,
  type InstagramUserProfile,
  instagramProfileSchema,
  instagramUserProfileSchema,
} from "../schemas/account.ts";
import { deleteResultSchema, successSchema } from "../schemas/common.ts";
import { type InstagramMedia, mediaListSchema, mediaSchema } from "../schemas/media.ts";
import { type AccountScope, nodePath, toUnixSeconds } from "./scope.ts";

/** §1.4 — [IG] documented `/me` fields. */
export const instagramProfileFields =
  "id,user_id,username,name,account_type,profile_picture_url,followers_count,follows_count,media_count";
/** §1.4 — [FB] IG User fields (no `account_type` on this path). */
export const facebookProfileFields =
  "id,username,name,profile_picture_url,biography,website,followers_count,follows_count,media_count";

export const mediaChildFields = "id,media_type,media_url,thumbnail_url,timestamp";
export const mediaFields = `id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,shortcode,timestamp,username,like_count,comments_count,is_comment_enabled,is_shared_to_feed,children{${mediaChildFields}}`;

/** §5.3 */
export const userProfileFields =
  "name,username,profile_pic,follower_count,is_user_follow_business,is_business_follow_user,is_verified_user";

export type ListMediaOptions = {
  limit?: number;
  after?: string;
  before?: string;
  since?: Date | number;
  until?: Date | number;
  fields?: string;
};

export function createProfileAndMediaApi(scope: AccountScope) {
  const { context } = scope;
  return {
    /** §1.4 — the connected account's profile. */
    getProfile(fields?: string): Promise<InstagramProfile> {
      const isInstagram = context.login === "instagram";
      return scope.get(
        isInstagram ? "/me" : nodePath(context.igUserId),
        { fields: fields ?? (isInstagram ? instagramProfileFields : facebookProfileFields) },
        instagramProfileSchema,
      );
    },

    /** §3.1 — newest first, cursor paging, with carousel children. */
    async listMedia(options: ListMediaOptions = {}): Promise<Page<InstagramMedia>> {
      const response = await scope.get(
        nodePath(context.igUserId, "media"),
        {
          fields: options.fields ?? mediaFields,
          limit: options.limit,
          after: options.after,
          before: options.before,
          since: toUnixSeconds(options.since),
          until: toUnixSeconds(options.until),
        },
        mediaListSchema,
      );
      return toPage(response);
    },

    getMedia(mediaId: string, fields?: string): Promise<InstagramMedia> {
      return scope.get(nodePath(mediaId), { fields: fields ?? mediaFields }, mediaSchema);
    },

    /** §3.1 — live stories only. */
    async listStories(fields?: string): Promise<Page<InstagramMedia>> {
      const response = await scope.get(
        nodePath(context.igUserId, "stories"),
        { fields: fields ?? mediaFields },
        mediaListSchema,
      );
      return toPage(response);
    },

    /** §3.1 — [FB] only; carousel children cannot be deleted. */
    deleteMedia(mediaId: string) {
      return scope.send(
        { method: "DELETE", path: nodePath(mediaId), idempotent: true },
        deleteResultSchema,
      );
    },

    /** §4 — `comment_enabled=false` disables comments on a post. */
    setCommentsEnabled(mediaId: string, enabled: boolean) {
      return scope.post(nodePath(mediaId), { comment_enabled: enabled }, successSchema, {
        idempotent: true,
      });
    },

    /** §5.3 — needs the person's consent (they messaged first). */
    getUserProfile(igsid: string, fields?: string): Promise<InstagramUserProfile> {
      return scope.get(
        nodePath(igsid),
        { fields: fields ?? userProfileFields },
        instagramUserProfileSchema,
      );
    },
  };
}
