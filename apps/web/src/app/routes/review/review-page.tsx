import type { ReviewLinkView } from "@sightline/contracts";
import { useState } from "react";
import { ReviewLanding } from "../../../features/approvals/components/review-landing.tsx";
import { PostPreview } from "../../../features/composer/components/post-preview.tsx";

/** The composer's own preview of the stored post: the reviewer sees what will go out. */
function StoredPostPreview({ review }: { review: ReviewLinkView }) {
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

/** /review?token=…: a review link's page, public (its reviewer has no Sightline account). */
export default function ReviewPage() {
  return <ReviewLanding preview={(review) => <StoredPostPreview review={review} />} />;
}
