import { CalendarDays } from "lucide-react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";

/** Full-bleed page (spec §2: no padding on /content-scheduler); the calendar will fill it. */
export default function ContentSchedulerPage() {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-10">
      <EmptyState icon={CalendarDays} title="The content scheduler is on its way">
        <p>
          A month, week and list calendar of your drafts, scheduled, published and failed posts will
          fill this page, with best-time hints, drag to reschedule, and every publishing attempt of
          a post.
        </p>
        <p>You have no scheduled posts yet.</p>
      </EmptyState>
    </div>
  );
}
