import { AudienceInsights } from "../../../features/analytics/components/audience-insights.tsx";
import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";

export default function AudienceInsightsPage() {
  return (
    <InstagramGuard>
      <div className="mx-auto max-w-6xl">
        <AudienceInsights />
      </div>
    </InstagramGuard>
  );
}
