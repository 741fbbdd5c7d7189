import type { AnalyticsStoryStatus } from "@sightline/contracts";
import { Badge } from "../../../components/ui/badge.tsx";

const labels: Record<AnalyticsStoryStatus, { text: string; title: string }> = {
  live: { text: "Live", title: "Still on Instagram; its figures are read every hour." },
  final_webhook: {
    text: "Final",
    title: "Ended; final figures from Instagram's report when the story expired.",
  },
  final_last_read: {
    text: "Final",
    title: "Ended; final figures from the last read before the story expired.",
  },
  expired: { text: "Ended", title: "Ended; its figures are the last ones read." },
};

/** Where a story's figures stand: live (still growing) or final. */
export function StoryStatus({ status }: { status: AnalyticsStoryStatus }) {
  const label = labels[status];
  return (
    <Badge
      variant={status === "live" ? "success" : "neutral"}
      title={label.title}
      data-testid="story-status"
    >
      {label.text}
      <span className="sr-only">: {label.title}</span>
    </Badge>
  );
}
