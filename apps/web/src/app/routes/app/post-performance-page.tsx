import { BarChart3 } from "lucide-react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";

export default function PostPerformancePage() {
  return (
    <InstagramGuard>
      <EmptyState icon={BarChart3} title="Post performance is on its way">
        <p>
          Every post you published will be listed here with its reach, views, likes, comments,
          saves, shares and engagement rate, sortable and filterable by type and period, with the
          comments on each post.
        </p>
        <p>It reads your connected Instagram Business or Creator account; nothing is shown yet.</p>
      </EmptyState>
    </InstagramGuard>
  );
}
