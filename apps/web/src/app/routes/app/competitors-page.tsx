import { CompetitorsView } from "../../../features/competitors/components/competitors-view.tsx";
import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";

export default function CompetitorsPage() {
  return (
    <InstagramGuard>
      <CompetitorsView />
    </InstagramGuard>
  );
}
