import { PostPerformanceTable } from "../../../features/analytics/components/post-performance-table.tsx";
import { PostPerformanceTabs } from "../../../features/analytics/components/post-performance-tabs.tsx";
import { StoryPerformanceTable } from "../../../features/analytics/components/story-performance-table.tsx";
import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";

export default function PostPerformancePage() {
  return (
    <InstagramGuard>
      <div className="mx-auto max-w-6xl">
        <PostPerformanceTabs
          posts={() => <PostPerformanceTable />}
          stories={() => <StoryPerformanceTable />}
        />
      </div>
    </InstagramGuard>
  );
}
