import { TrendingUp } from "lucide-react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";

export default function TrendRadarPage() {
  return (
    <EmptyState icon={TrendingUp} title="The trend radar is on its way">
      <p>
        Track the hashtags of your niche here: posting volume, engagement of the top posts, and
        whether each one is rising, steady or cooling, with ideas you can open in the composer.
      </p>
      <p>You are not tracking any hashtags yet.</p>
    </EmptyState>
  );
}
