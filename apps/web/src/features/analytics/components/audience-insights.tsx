import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import { useAudienceInsights } from "../api/get-audience-insights.ts";
import { ActiveHoursHeatmap } from "./active-hours-heatmap.tsx";
import { AudienceDemographics } from "./audience-demographics.tsx";
import { FollowerGrowth } from "./follower-growth.tsx";

function AudienceSkeleton() {
  return (
    <SkeletonGroup label="Loading audience insights" className="space-y-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-5">
        <Skeleton className="h-5 w-40" />
        <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <div key={key} className="space-y-2">
              {[0, 1, 2, 3, 4].map((row) => (
                <Skeleton key={row} className="h-4 w-full" />
              ))}
            </div>
          ))}
        </div>
      </div>
      <Skeleton className="h-64 rounded-2xl" />
      <Skeleton className="h-72 rounded-2xl" />
    </SkeletonGroup>
  );
}

/** Audience Insights (issue 16 point 2): who follows, when they are online, how it grows. */
export function AudienceInsights() {
  const timeZone = useTimeZone();
  const query = useAudienceInsights(timeZone);
  if (query.isPending) return <AudienceSkeleton />;
  if (query.isError) {
    return (
      <QueryError
        message="Your audience insights could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data.connected) {
    return (
      <p className="text-sm text-slate-500">Connect an Instagram account to see your audience.</p>
    );
  }
  const data = query.data;
  return (
    <div className="space-y-6">
      <FollowerGrowth growth={data.growth} followersCount={data.followersCount} />
      <AudienceDemographics data={data} />
      <ActiveHoursHeatmap activeHours={data.activeHours} />
    </div>
  );
}
