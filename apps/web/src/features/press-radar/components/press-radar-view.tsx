import { RefreshCw } from "lucide-react";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../utils/cn.ts";
import { useFetchPressSources } from "../api/fetch-press-sources.ts";
import { usePressRadar } from "../api/get-press-radar.ts";
import { useMarkMentionsSeen } from "../api/mark-mentions-seen.ts";
import { KeywordsCard } from "./keywords-card.tsx";
import { MentionsPanel } from "./mentions-panel.tsx";
import { SourcesCard } from "./sources-card.tsx";

export function PressRadarView() {
  const state = usePressRadar();
  const fetchNow = useFetchPressSources();
  const markSeen = useMarkMentionsSeen();
  if (state.isPending) {
    return (
      <SkeletonGroup label="Loading Press Radar" className="mx-auto max-w-6xl space-y-4">
        <Skeleton className="h-8 w-64 bg-slate-200" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Skeleton className="h-96 rounded-2xl" />
          <Skeleton className="h-96 rounded-2xl" />
        </div>
      </SkeletonGroup>
    );
  }
  if (state.isError) {
    return <QueryError error={state.error} onRetry={state.refetch} className="mx-auto max-w-xl" />;
  }
  const data = state.data;
  const isSetUp = data.sources.length > 0 && data.keywords.length > 0;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 max-w-xl text-sm text-slate-600">
          Mentions of your keywords in the news feeds you follow, with their tone. Feeds are checked
          every 15 minutes.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={data.unseenCount === 0 || markSeen.isPending}
            onClick={() => markSeen.mutate(undefined)}
          >
            Mark all as seen
          </Button>
          <Button
            size="sm"
            disabled={fetchNow.isPending || !data.sources.some((source) => !source.isMuted)}
            onClick={() => fetchNow.mutate()}
          >
            <RefreshCw className={cn(fetchNow.isPending && "animate-spin")} aria-hidden="true" />
            Fetch now
          </Button>
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className={cn("min-w-0", !isSetUp && "order-last lg:order-none")}>
          <MentionsPanel state={data} />
        </div>
        <div className="min-w-0 space-y-6">
          <KeywordsCard state={data} />
          <SourcesCard state={data} />
        </div>
      </div>
    </div>
  );
}
