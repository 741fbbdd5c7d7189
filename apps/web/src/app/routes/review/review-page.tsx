import { ReviewLanding } from "../../../features/approvals/components/review-landing.tsx";
import { StoredPostPreview } from "./stored-post-preview.tsx";

/** /review?token=…: a review link's page, public (its reviewer has no Sightline account). */
export default function ReviewPage() {
  return <ReviewLanding preview={(review) => <StoredPostPreview review={review} />} />;
}
