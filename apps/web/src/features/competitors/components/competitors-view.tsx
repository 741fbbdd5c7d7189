import { type CompetitorPeriod, competitorPeriods } from "@sightline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Swords } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { Segmented, SegmentedOption } from "../../../components/ui/segmented.tsx";
import { paths } from "../../../config/paths.ts";
import { useRealtimeEvent } from "../../../lib/realtime/use-realtime-event.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { cn } from "../../../utils/cn.ts";
import { competitorsQueryKey } from "../api/competitors-keys.ts";
import { useCompetitors } from "../api/get-competitors.ts";
import { AddCompetitorForm } from "./add-competitor-form.tsx";
import { BestPosts } from "./best-posts.tsx";
import { ComparisonTable } from "./comparison-table.tsx";
import { DiscoveryBudgetCard } from "./discovery-budget-card.tsx";
import { HashtagGaps } from "./hashtag-gaps.tsx";

/**
 * Competitors (issue 34): the account beside public Business and Creator accounts, from
 * Instagram's Business Discovery read once a day.
 */
export function CompetitorsView() {
  const [days, setDays] = useState<CompetitorPeriod>(30);
  const state = useCompetitors(days);
  const canEdit = useCan("radars:write");
  const queryClient = useQueryClient();
  useRealtimeEvent("competitors:updated", () => {
    void queryClient.invalidateQueries({ queryKey: competitorsQueryKey });
  });
  if (state.isPending) {
    return (
      <SkeletonGroup label="Loading competitors" className="mx-auto max-w-6xl space-y-4">
        <div className="grid gap-6 md:grid-cols-2">
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
  const hasCompetitors = data.accounts.some((account) => !account.isOwn);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 max-w-xl text-sm text-slate-600">
          How your account compares with public Business and Creator accounts: followers, how often
          they post, what their posts earn and the hashtags they use. Read from Instagram once a
          day, so the history grows from the day you start tracking.
        </p>
        {hasCompetitors ? (
          <Segmented legend="Period">
            {competitorPeriods.map((period) => (
              <SegmentedOption
                key={period}
                pressed={days === period}
                onClick={() => setDays(period)}
              >
                {period} days
              </SegmentedOption>
            ))}
          </Segmented>
        ) : null}
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
          {canEdit ? <AddCompetitorForm state={data} /> : null}
          <DiscoveryBudgetCard state={data} />
        </div>
      )}
      {hasCompetitors ? (
        <>
          <ComparisonTable state={data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <BestPosts state={data} />
            <HashtagGaps state={data} />
          </div>
        </>
      ) : data.blocker ? null : (
        <EmptyState size="panel" icon={Swords} title="You are not comparing with anyone yet.">
          Track an account above by its Instagram username: it appears here beside yours.
        </EmptyState>
      )}
    </div>
  );
}
