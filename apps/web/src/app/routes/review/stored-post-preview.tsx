import type { ReviewLinkView } from "@sightline/contracts";
import { useState } from "react";
import { PostPreview } from "../../../features/composer/components/post-preview.tsx";

/** What a stored post shows to its reviewer (a review link's view, a Reviews page's post). */
export type StoredPost = Pick<
  ReviewLinkView,
  "account_username" | "items" | "caption" | "hashtags" | "collaborators"
>;

/**
 * The composer's own preview of a stored post: the reviewer sees what will go out. Composed here,
 * in the route modules, so the approvals and composer features do not import each other.
 */
export function StoredPostPreview({ review }: { review: StoredPost }) {
  const [index, setIndex] = useState(0);
  return (
    <PostPreview
      account={review.account_username ? { username: review.account_username, avatar: null } : null}
      items={review.items.map((item, at) => ({
        id: String(at),
        url: item.url,
        mediaType: item.media_type,
        aspectRatio: item.aspect_ratio ?? undefined,
        coverUrl: item.cover_url ?? undefined,
        tags: item.tags.map((tag, n) => ({ id: String(n), ...tag })),
      }))}
      index={index}
      onIndexChange={setIndex}
      caption={review.caption}
      hashtags={review.hashtags}
      collaborators={review.collaborators.map((username) => ({
        username,
        name: null,
        avatar: null,
        verified: false,
      }))}
      isTagMode={false}
      onAddTag={() => undefined}
      onRemoveTag={() => undefined}
    />
  );
}
