import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button, buttonVariants } from "../../../components/ui/button.tsx";
import { paths } from "../../../config/paths.ts";
import { useRealtimeEvent } from "../../../lib/realtime/use-realtime-event.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { cn } from "../../../utils/cn.ts";
import { useTrendRadar } from "../api/get-trend-radar.ts";
import { useRefreshTrendRadar } from "../api/refresh-trend-radar.ts";
import { trendRadarQueryKey } from "../api/trend-radar-keys.ts";
import { BudgetCard } from "./budget-card.tsx";
import { HashtagCard } from "./hashtag-card.tsx";
import { Suggestions } from "./suggestions.tsx";
import { TrackForm } from "./track-form.tsx";

export function TrendRadarView() {
  const state = useTrendRadar();
  const refresh = useRefreshTrendRadar();
  // Issue 29: a role without "radars:write" reads the radar without its edit controls.
  const canEdit = useCan("radars:write");
  const queryClient = useQueryClient();
  useRealtimeEvent("trend-radar:updated", () => {
    void queryClient.invalidateQueries({ queryKey: trendRadarQueryKey });
  });
  if (state.isPending) {
    return (
      <SkeletonGroup label="Loading Trend Radar" className="mx-auto max-w-6xl space-y-4">
        <div className="grid gap-6 lg:grid-cols-2">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-40 rounded-2xl" />
        </div>
        <Skeleton className="h-72 rounded-2xl" />
      </SkeletonGroup>
    );
  }
  if (state.isError) {
    return <QueryError error={state.error} onRetry={state.refetch} className="mx-auto max-w-xl" />;
  }
  const data = state.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 max-w-xl text-sm text-slate-600">
          How the hashtags of your niche move: posting volume, engagement of their top posts and
          whether each one is rising, steady or cooling. Sampled every hour.
        </p>
        {canEdit && (
          <Button
            size="sm"
            variant="outline"
            disabled={refresh.isPending || data.hashtags.length === 0 || Boolean(data.blocker)}
            onClick={() => refresh.mutate()}
          >
            <RefreshCw className={cn(refresh.isPending && "animate-spin")} aria-hidden="true" />
            Sample now
          </Button>
        )}
      </div>
      {data.blocker ? (
        <div
          role="note"
          className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <p>{data.blocker}</p>
          <Link
            to={paths.settingsInstagramLogin}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-3")}
          >
            {data.blockerKind === "switch_to_facebook"
              ? "Switch to Facebook Login in Settings"
              : data.blockerKind === "connect"
                ? "Connect with Facebook in Settings"
                : "Go to Settings"}
          </Link>
        </div>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {canEdit && <TrackForm state={data} />}
          <BudgetCard state={data} />
        </div>
      )}
      {data.hashtags.length === 0 && data.blocker ? null : data.hashtags.length === 0 ? (
        <EmptyState size="panel" icon={TrendingUp} title="You are not tracking any hashtags yet.">
          Track one above, or pick one from the hashtags of your best posts below.
        </EmptyState>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          {data.hashtags.map((hashtag) => (
            <HashtagCard key={hashtag.id} hashtag={hashtag} />
          ))}
        </div>
      )}
      <Suggestions state={data} />
    </div>
  );
}
