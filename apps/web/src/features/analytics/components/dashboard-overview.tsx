import {
  ANALYTICS_MAX_DAYS,
  formatCapability,
  historyStart,
  type PlanId,
  planNames,
} from "@sightline/contracts";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Segmented, SegmentedOption } from "../../../components/ui/segmented.tsx";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { useWorkspacePlan } from "../../../lib/workspaces.ts";
import { type OverviewPeriod, useAnalyticsOverview } from "../api/get-analytics-overview.ts";
import { initialOverviewPeriod } from "../api/overview-period.ts";
import {
  formatAsOf,
  formatCompact,
  formatNumber,
  formatRatioPercent,
  formatSignedCount,
} from "../utils/format.ts";
import { DailyChart } from "./daily-chart.tsx";
import { HistoryNote } from "./history-note.tsx";
import { KpiCard } from "./kpi-card.tsx";
import { PeriodPresets } from "./period-presets.tsx";
import { formatDate, TopPosts } from "./top-posts.tsx";

const DAY_MS = 86_400_000;

function todayIn(timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone }).format(new Date());
}

/**
 * The custom range's problem in plain words, or null when the server will accept it. `plan`:
 * the workspace's, whose history window the start must be in (issue 30).
 */
export function customRangeProblem(
  from: string,
  to: string,
  today: string,
  plan?: PlanId,
): string | null {
  if (!from || !to) return "Choose both a start and an end date.";
  if (to < from) return "The end date is before the start date.";
  if (to > today) return "The end date is in the future.";
  if (plan && from < historyStart(plan, today)) {
    return `The ${planNames[plan]} plan shows the last ${formatCapability(plan, "historyDays")}: choose a start on or after ${formatDate(historyStart(plan, today))}.`;
  }
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days > ANALYTICS_MAX_DAYS) return `Choose at most ${ANALYTICS_MAX_DAYS} days.`;
  return null;
}

function CustomRange({
  initial,
  today,
  plan,
  onApply,
}: {
  initial: { from: string; to: string };
  today: string;
  plan: PlanId | undefined;
  onApply: (range: { from: string; to: string }) => void;
}) {
  const earliest = plan ? historyStart(plan, today) : undefined;
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeProblem(from, to, today, plan);
    setProblem(found);
    if (!found) onApply({ from, to });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="text-sm">
        <label htmlFor={`${id}-from`} className="block text-xs font-medium text-slate-600">
          From
        </label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          min={earliest}
          max={today}
          onChange={(event) => setFrom(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="h-9 w-40"
        />
      </div>
      <div className="text-sm">
        <label htmlFor={`${id}-to`} className="block text-xs font-medium text-slate-600">
          To
        </label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          min={earliest}
          max={today}
          onChange={(event) => setTo(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="h-9 w-40"
        />
      </div>
      <Button type="submit" size="sm" className="h-9">
        Apply
      </Button>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm text-rose-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

export function DashboardOverview() {
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const [period, setPeriod] = useState<OverviewPeriod>(initialOverviewPeriod);
  const [customOpen, setCustomOpen] = useState(false);
  const query = useAnalyticsOverview(period, timeZone);
  const plan = useWorkspacePlan();
  const isCustom = "from" in period;
  const shown = query.data?.connected ? query.data : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Overview</h2>
          {shown ? (
            <p className="text-xs text-slate-500" data-testid="period-text">
              {formatDate(shown.period.from)} – {formatDate(shown.period.to)} ({shown.period.days}{" "}
              days)
              {shown.previousHidden
                ? ", not compared: the previous days are older than your plan's history"
                : `, compared with ${formatDate(shown.previous.from)} – ${formatDate(shown.previous.to)}`}
            </p>
          ) : null}
        </div>
        <Segmented legend="Period" className="flex-wrap">
          <PeriodPresets
            selected={isCustom || customOpen ? undefined : period.days}
            onSelect={(days) => {
              setCustomOpen(false);
              setPeriod({ days });
            }}
          />
          <SegmentedOption
            pressed={isCustom || customOpen}
            aria-expanded={customOpen}
            onClick={() => setCustomOpen((open) => !open)}
          >
            Custom
          </SegmentedOption>
        </Segmented>
      </div>
      {customOpen ? (
        <CustomRange
          today={today}
          plan={plan}
          initial={
            isCustom
              ? period
              : shown
                ? { from: shown.period.from, to: shown.period.to }
                : { from: today, to: today }
          }
          onApply={(range) => setPeriod(range)}
        />
      ) : null}
      {query.isPending ? (
        <OverviewSkeleton />
      ) : query.isError ? (
        <QueryError
          message={
            // A period the plan no longer shows (a downgrade while it was open) says why.
            query.error instanceof ApiError && query.error.planRequired
              ? query.error.message
              : "The analytics could not be loaded."
          }
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
  const timeZone = useTimeZone();
  const now = new Date();
  const cards = [
    { key: "reach", kpi: kpis.reach },
    { key: "accounts-engaged", kpi: kpis.accountsEngaged },
    { key: "views", kpi: kpis.views },
    { key: "interactions", kpi: kpis.interactions },
    { key: "profile-visits", kpi: kpis.profileVisits },
    { key: "website-taps", kpi: kpis.websiteTaps },
  ] as const;
  const engagement = kpis.engagementRate;
  // The days stored are said once for the page, not on every card.
  const notComparedNote = "Not compared (see below).";
  const anyNotCompared = cards.some(({ kpi }) => kpi.value !== null && kpi.changePct === null);
  const asOf = (iso: string | null) =>
    iso ? `as of ${formatAsOf(iso, now, timeZone)}` : undefined;
  return (
    <>
      {data.syncProgress ? <SyncProgress progress={data.syncProgress} /> : null}
      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <KpiCard
          label="Followers"
          value={kpis.followers.value}
          reason={
            kpis.followers.value === null ? "The follower count is not available." : undefined
          }
          changeText={
            kpis.followers.net !== null
              ? `${formatSignedCount(kpis.followers.net.value)} net (${formatNumber(kpis.followers.net.follows)} follows, ${formatNumber(kpis.followers.net.unfollows)} unfollows${kpis.followers.net.days < data.period.days ? `, ${kpis.followers.net.days} of ${data.period.days} days stored` : ""})`
              : kpis.followers.change === null
                ? kpis.followers.reason
                : `${formatSignedCount(kpis.followers.change)} new followers in this period`
          }
          series={kpis.followers.series}
        />
        {cards.map(({ key, kpi }) => (
          <KpiCard
            key={key}
            testId={key}
            label={kpi.label}
            value={kpi.value}
            reason={kpi.reason}
            changePct={kpi.changePct}
            changeReason={notComparedNote}
            series={kpi.series}
            note={kpi.basis === "daily-average" ? kpi.note : undefined}
            title={kpi.note}
            asOfText={asOf(kpi.asOf)}
            {...(kpi.basis === "daily-average"
              ? { format: (v: number) => formatCompact(Math.round(v)) }
              : {})}
          />
        ))}
        <KpiCard
          testId="engagement-rate"
          label={engagement.label}
          value={engagement.value}
          reason="Needs both interactions and reach for this period."
          changePct={engagement.changePct}
          changeReason={notComparedNote}
          format={(v) => formatRatioPercent(v)}
          title={`${engagement.label} = ${engagement.formula}`}
          note={`= ${engagement.formula}`}
        />
      </section>
      {data.history.note ? (
        <HistoryNote
          note={
            data.previousHidden
              ? `${data.history.note} Changes need the previous period, which is among them.`
              : data.history.note
          }
        />
      ) : data.oldestDay ? (
        <p className="text-xs text-slate-500" data-testid="oldest-day">
          History starts on {formatDate(data.oldestDay)}, the oldest day stored for your account; it
          keeps growing with every sync.
          {anyNotCompared
            ? data.previousHidden
              ? " Changes are not shown: the previous period is older than your plan's history."
              : ` Changes are shown only when every day of this period and of the previous one (${formatDate(data.previous.from)} – ${formatDate(data.previous.to)}) is stored.`
            : ""}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ChartCard
          id="follower-growth"
          title="New followers per day"
          reason={kpis.followers.reason}
        >
          <DailyChart
            title="New followers per day"
            series={[{ label: "New followers", color: "#10b981", points: kpis.followers.series }]}
          />
        </ChartCard>
        <ChartCard
          id="reach-views"
          title="Reach and views per day"
          reason={
            kpis.reach.value === null && kpis.views.value === null ? kpis.reach.reason : undefined
          }
        >
          <DailyChart
            title="Reach and views per day"
            series={[
              { label: "Reach", color: "#6366f1", points: kpis.reach.series },
              { label: "Views", color: "#38bdf8", points: kpis.views.series },
            ]}
          />
        </ChartCard>
        <ChartCard
          id="interactions-per-day"
          title="Interactions per day"
          reason={kpis.interactions.reason}
        >
          <DailyChart
            title="Interactions per day"
            series={[{ label: "Interactions", color: "#f59e0b", points: kpis.interactions.series }]}
          />
        </ChartCard>
        <section
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4"
          aria-labelledby="top-posts"
        >
          <h3 id="top-posts" className="font-semibold text-slate-900">
            Top posts of the period
          </h3>
          <div className="mt-1">
            <TopPosts posts={data.topPosts} />
          </div>
        </section>
      </div>
    </>
  );
}

/** "Reading your last 90 days… 40 %" while the first sync reads what Instagram keeps. */
function SyncProgress({ progress }: { progress: { days: number; percent: number } }) {
  return (
    <div
      role="status"
      className="rounded-2xl border border-indigo-200 bg-indigo-50 p-4 text-sm text-indigo-900"
      data-testid="sync-progress"
    >
      <p className="font-medium">
        Reading your last {progress.days} days… {progress.percent} %
      </p>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-indigo-100"
        role="progressbar"
        aria-label={`Reading your last ${progress.days} days`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
      >
        <div className="h-full bg-indigo-500" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="mt-2 text-xs text-indigo-800">
        Figures fill in as the days arrive; comparisons appear when both periods are read.
      </p>
    </div>
  );
}

function ChartCard({
  id,
  title,
  reason,
  children,
}: {
  id: string;
  title: string;
  reason?: string | undefined;
  children: ReactNode;
}) {
  return (
    <section
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4"
      aria-labelledby={id}
    >
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-3">
        {reason ? <p className="text-sm text-slate-500">{reason}</p> : children}
      </div>
    </section>
  );
}

function OverviewSkeleton() {
  return (
    <SkeletonGroup label="Loading analytics" className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <div key={i} className="rounded-2xl border border-slate-200 bg-white p-4">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="mt-2 h-7 w-16" />
            <Skeleton className="mt-3 h-7 w-full" />
          </div>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    </SkeletonGroup>
  );
}
