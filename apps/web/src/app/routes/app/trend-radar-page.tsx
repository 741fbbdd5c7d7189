import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";
import { TrendRadarView } from "../../../features/trend-radar/components/trend-radar-view.tsx";

export default function TrendRadarPage() {
  return (
    <InstagramGuard>
      <TrendRadarView />
    </InstagramGuard>
  );
}
