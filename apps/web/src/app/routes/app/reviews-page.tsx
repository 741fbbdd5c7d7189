import { useQueryClient } from "@tanstack/react-query";
import { ReviewsView } from "../../../features/approvals/components/reviews-view.tsx";
import { notificationsQueryOptions } from "../../../features/notifications/api/list-notifications.ts";
import { PostComments } from "../../../features/scheduler/components/post-comments.tsx";
import { StoredPostPreview } from "../review/stored-post-preview.tsx";

/**
 * /reviews (decision 037 addendum): the posts sent for approval, each with the composer's preview
 * and its comments between members; a decision refreshes the bell, which counts what waits.
 */
export default function ReviewsPage() {
  const queryClient = useQueryClient();
  return (
    <ReviewsView
      preview={(post) => <StoredPostPreview review={post} />}
      comments={(post) => <PostComments postId={post.id} timeZone={post.time_zone} />}
      onDecided={() =>
        void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey })
      }
    />
  );
}
