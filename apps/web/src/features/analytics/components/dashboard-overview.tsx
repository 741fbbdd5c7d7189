import { useState } from "react";
import { cn } from "../../../utils/cn.ts";
import { type OverviewDays, useAnalyticsOverview } from "../api/get-analytics-overview.ts";
import { formatRatioPercent, formatSignedCount } from "../utils/format.ts";
import { KpiCard } from "./kpi-card.tsx";
import { ReachChart } from "./reach-chart.tsx";
import { TopPosts } from "./top-posts.tsx";
import { SkeletonBlock, WidgetError } from "./widget-states.tsx";

const PERIODS: OverviewDays[] = ["7", "28", "90"];

export function DashboardOverview() {
  const [days, setDays] = useState<OverviewDays>("28");
  const query = useAnalyticsOverview(days);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Overview</h2>
        <fieldset className="inline-flex rounded-lg border border-slate-200 bg-white p-0.5">
          <legend className="sr-only">Period</legend>
          {PERIODS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={days === option}
              onClick={() => setDays(option)}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium",
                days === option ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
              )}
            >
              {option} days
            </button>
          ))}
        </fieldset>
      </div>
      {query.isPending ? (
        <OverviewSkeleton />
      ) : query.isError ? (
        <WidgetError
          message="The analytics could not be loaded."
          onRetry={() => void query.refetch()}
        />
      ) : !query.data.connected ? (
        <p className="text-sm text-slate-500">Connect an Instagram account to see analytics.</p>
      ) : (
        <OverviewContent data={query.data} />
      )}
    </div>
  );
}

type Overview = Extract<
  NonNullable<ReturnType<typeof useAnalyticsOverview>["data"]>,
  { connected: true }
>;

function OverviewContent({ data }: { data: Overview }) {
  const { kpis } = data;
  const cards = [
    { key: "reach", label: "Reach", kpi: kpis.reach },
    { key: "views", label: "Views", kpi: kpis.views },
    { key: "interactions", label: "Interactions", kpi: kpis.interactions },
    { key: "profileVisits", label: "Profile visits", kpi: kpis.profileVisits },
    { key: "websiteTaps", label: "Website taps", kpi: kpis.websiteTaps },
  ] as const;
  const engagement = kpis.engagementRate;
  const engagementChange =
    engagement.value !== null && engagement.previous !== null && engagement.previous !== 0
      ? ((engagement.value - engagement.previous) / engagement.previous) * 100
      : null;
  return (
    <>
      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <KpiCard
          label="Followers"
          value={kpis.followers.value}
          reason={
            kpis.followers.value === null ? "The follower count is not available." : undefined
          }
          changeText={
            kpis.followers.change === null
              ? kpis.followers.reason
              : `${formatSignedCount(kpis.followers.change)} new in this period`
          }
          series={kpis.followers.series}
        />
        {cards.map(({ key, label, kpi }) => (
          <KpiCard
            key={key}
            label={label}
            value={kpi.value}
            reason={kpi.reason}
            changePct={kpi.changePct}
            changeReason={kpi.changeReason}
            series={kpi.series}
          />
        ))}
        <KpiCard
          label="Engagement rate"
          value={engagement.value}
          reason="Needs both interactions and reach for this period."
          changePct={engagementChange}
          changeReason="Needs the previous period's interactions and reach."
          format={(v) => formatRatioPercent(v)}
          title={`Engagement rate = ${engagement.formula}`}
        />
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section
          className="rounded-2xl border border-slate-200 bg-white p-4"
          aria-labelledby="reach-per-day"
        >
          <h3 id="reach-per-day" className="font-semibold text-slate-900">
            Reach per day
          </h3>
          <div className="mt-3">
            {kpis.reach.value === null ? (
              <p className="text-sm text-slate-500">{kpis.reach.reason}</p>
            ) : (
              <ReachChart series={kpis.reach.series} />
            )}
          </div>
        </section>
        <section
          className="rounded-2xl border border-slate-200 bg-white p-4"
          aria-labelledby="top-posts"
        >
          <h3 id="top-posts" className="font-semibold text-slate-900">
            Top posts
          </h3>
          <div className="mt-1">
            <TopPosts posts={data.topPosts} />
          </div>
        </section>
      </div>
    </>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading analytics" className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 7 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <div key={i} className="rounded-2xl border border-slate-200 bg-white p-4">
            <SkeletonBlock className="h-4 w-20" />
            <SkeletonBlock className="mt-2 h-7 w-16" />
            <SkeletonBlock className="mt-3 h-7 w-full" />
          </div>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SkeletonBlock className="h-56 rounded-2xl" />
        <SkeletonBlock className="h-56 rounded-2xl" />
      </div>
    </div>
  );
}
