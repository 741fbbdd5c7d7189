import { GraphApiError } from "../errors.ts";
import { type Page, toPage } from "../pagination.ts";
import { collectionSchema } from "../schemas/common.ts";
import {
  type BusinessDiscovery,
  businessDiscoverySchema,
  type Hashtag,
  hashtagMediaListSchema,
  hashtagSchema,
  hashtagSearchSchema,
  hashtagSchema as recentHashtagSchema,
} from "../schemas/discovery.ts";
import type { InstagramMedia } from "../schemas/media.ts";
import { type AccountScope, nodePath } from "./scope.ts";

export const discoveryMediaFields =
  "id,caption,media_type,media_product_type,media_url,permalink,timestamp,like_count,comments_count,view_count";
export const hashtagMediaFields =
  "id,caption,media_type,media_url,permalink,timestamp,like_count,comments_count,children{id,media_type,media_url}";

// Instagram usernames: letters, digits, dots and underscores, at most 30.
const usernamePattern = /^[A-Za-z0-9._]{1,30}$/;

export function createDiscoveryApi(scope: AccountScope) {
  const { context } = scope;
  return {
    /**
     * §7.1 — another Business/Creator account's public profile and media. Unknown and personal
     * accounts both fail with 110/2207013 (`isUserNotFound`).
     */
    async businessDiscovery(
      username: string,
      options: { mediaLimit?: number; mediaAfter?: string } = {},
    ): Promise<BusinessDiscovery["business_discovery"]> {
      const clean = username.trim().replace(/^@/, "");
      if (!usernamePattern.test(clean)) {
        // Such a name cannot exist; answering like Meta keeps one code path for callers and
        // keeps arbitrary text out of the `fields` expression.
        throw new GraphApiError({
          kind: "graph",
          message: "Invalid user id",
          code: 110,
          subcode: 2207013,
          userTitle: "Cannot find User",
        });
      }
      const mediaModifiers = `.limit(${options.mediaLimit ?? 25})${
        options.mediaAfter !== undefined ? `.after(${options.mediaAfter})` : ""
      }`;
      const fields = `business_discovery.username(${clean}){id,username,name,biography,website,profile_picture_url,followers_count,follows_count,media_count,media${mediaModifiers}{${discoveryMediaFields}}}`;
      const response = await scope.get(
        nodePath(context.igUserId),
        { fields },
        businessDiscoverySchema,
      );
      return response.business_discovery;
    },

    /** §7.2 — hashtag name (no `#`) → id; counts toward 30 unique hashtags per 7 days. */
    async searchHashtag(name: string): Promise<string | undefined> {
      const response = await scope.get(
        "/ig_hashtag_search",
        { user_id: context.igUserId, q: name.replace(/^#/, "") },
        hashtagSearchSchema,
      );
      return response.data[0]?.id;
    },

    getHashtag(hashtagId: string): Promise<Hashtag> {
      return scope.get(nodePath(hashtagId), { fields: "id,name" }, hashtagSchema);
    },

    /** §7.2 — top or recent (≈24 h) public media; ≤ 50 per page; `username` is not available. */
    async hashtagMedia(
      hashtagId: string,
      kind: "top" | "recent",
      options: { limit?: number; after?: string; fields?: string } = {},
    ): Promise<Page<InstagramMedia>> {
      const response = await scope.get(
        nodePath(hashtagId, kind === "top" ? "top_media" : "recent_media"),
        {
          user_id: context.igUserId,
          fields: options.fields ?? hashtagMediaFields,
          limit: options.limit,
          after: options.after,
        },
        hashtagMediaListSchema,
      );
      return toPage(response);
    },

    async recentlySearchedHashtags(): Promise<Hashtag[]> {
      const response = await scope.get(
        nodePath(context.igUserId, "recently_searched_hashtags"),
        { fields: "id,name" },
        collectionSchema(recentHashtagSchema),
      );
      return response.data;
    },
  };
}
