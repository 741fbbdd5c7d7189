import { Users } from "lucide-react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";

export default function AudienceInsightsPage() {
  return (
    <InstagramGuard>
      <EmptyState icon={Users} title="Audience insights are on their way">
        <p>
          This page will show who follows you: age and gender, top countries and cities, the hours
          your followers are online, and your follower growth with a projection to the next
          milestone.
        </p>
        <p>It reads your connected Instagram Business or Creator account; nothing is shown yet.</p>
      </EmptyState>
    </InstagramGuard>
  );
}
