import { useQueryClient } from "@tanstack/react-query";
import { Camera, CheckCircle2, Circle } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useSearchParams } from "react-router";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { Segmented, SegmentedOption } from "../../../components/ui/segmented.tsx";
import { analyticsOverviewQueryOptions } from "../../../features/analytics/api/get-analytics-overview.ts";
import { initialOverviewPeriod } from "../../../features/analytics/api/overview-period.ts";
import { DashboardOverview } from "../../../features/analytics/components/dashboard-overview.tsx";
import { InboxSummary } from "../../../features/inbox/components/inbox-summary.tsx";
import { useInstagramAccounts } from "../../../features/instagram/api/use-instagram-accounts.ts";
import { useInstagramConnection } from "../../../features/instagram/api/use-instagram-connection.ts";
import { InstagramAvatar } from "../../../features/instagram/components/instagram-avatar.tsx";
import { connectInstagramPath } from "../../../features/instagram/components/instagram-guard.tsx";
import { UpcomingPosts } from "../../../features/scheduler/components/upcoming-posts.tsx";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import { ACCOUNT_PARAM } from "../../../lib/account.ts";
import { displayName, useSession } from "../../../lib/session/session-provider.tsx";
import { usePaintedAfterQuery } from "../../../lib/use-painted-after-query.ts";

// Below the charts (loaded once they are drawn), or behind All accounts: chunks of their own.
const AiTeamPanel = lazy(async () => ({
  default: (await import("../../../features/ai-team/components/ai-team-panel.tsx")).AiTeamPanel,
}));
const AllAccounts = lazy(async () => ({
  default: (await import("../../../features/analytics/components/all-accounts.tsx")).AllAccounts,
}));

/**
 * Issue 29 point 3: with two accounts or more, the dashboard offers All accounts (every account
 * side by side) beside the current account's own view; `?view=all` keeps the choice in the link.
 */
function AccountsViewSwitch({
  current,
  showAll,
  onChange,
}: {
  current: string | undefined;
  showAll: boolean;
  onChange: (showAll: boolean) => void;
}) {
  const { data } = useInstagramAccounts();
  if ((data?.connections.length ?? 0) < 2) return null;
  const option = (all: boolean, label: string) => (
    <SegmentedOption
      pressed={showAll === all}
      onClick={() => onChange(all)}
      className="max-w-48 truncate"
    >
      {label}
    </SegmentedOption>
  );
  return (
    <Segmented legend="Accounts">
      {option(false, current ? `@${current}` : "This account")}
      {option(true, "All accounts")}
    </Segmented>
  );
}

export default function DashboardPage() {
  const { session } = useSession();
  const instagram = useInstagramConnection();
  const [params, setParams] = useSearchParams();
  const showAll = params.get("view") === "all";
  // The overview is asked for with the frame's own requests, not after the connection's answer:
  // it names the same account (lib/account.ts) and answers "not connected" when there is none.
  // (usePrefetchQuery's check: only when nothing is cached or in flight for it.)
  const queryClient = useQueryClient();
  const overview = analyticsOverviewQueryOptions(initialOverviewPeriod, useTimeZone());
  if (!showAll && !queryClient.getQueryState(overview.queryKey)) {
    void queryClient.prefetchQuery(overview);
  }
  // The AI team's panel (below the charts) loads once the overview is on screen.
  const overviewShown = usePaintedAfterQuery(["analytics", "overview"], instagram.connected);
  const setShowAll = (all: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (all) next.set("view", "all");
        else next.delete("view");
        return next;
      },
      { replace: false },
    );
  const steps = [
    { label: "Verify your e-mail address", done: session?.user.email_verified ?? false },
    { label: "Connect your Instagram Business or Creator account", done: instagram.connected },
    { label: "Schedule your first post", done: false },
    { label: "Set up the press radar", done: false },
  ];
  const completed = steps.filter((step) => step.done).length;
  if (instagram.connected) {
    return (
      <div className="mx-auto max-w-6xl">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-600">Welcome, {displayName(session)}.</p>
          <AccountsViewSwitch
            current={instagram.connection?.instagram_username}
            showAll={showAll}
            onChange={setShowAll}
          />
        </div>
        <div className="mt-6">
          {showAll ? (
            <Suspense fallback={<Skeleton className="h-96" />}>
              <AllAccounts
                onOpen={(id) =>
                  // One navigation: the address naming the account selects it (use-selected-account).
                  setParams((current) => {
                    const next = new URLSearchParams(current);
                    next.delete("view");
                    next.set(ACCOUNT_PARAM, id);
                    return next;
                  })
                }
                avatar={(account) => (
                  <InstagramAvatar
                    src={account.profilePictureUrl}
                    username={account.username}
                    alt={`@${account.username}`}
                    size={32}
                  />
                )}
              />
            </Suspense>
          ) : (
            <DashboardOverview />
          )}
        </div>
        {/* Both cards are one account's: All accounts has each account's unanswered messages. */}
        {showAll ? null : (
          <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
            <UpcomingPosts />
            <InboxSummary />
          </div>
        )}
        {showAll ? null : overviewShown ? (
          <Suspense fallback={<Skeleton className="mt-6 h-64" />}>
            <AiTeamPanel />
          </Suspense>
        ) : (
          <Skeleton className="mt-6 h-64" />
        )}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-slate-600">Welcome, {displayName(session)}.</p>
      <section
        aria-labelledby="getting-started"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-6"
      >
        <div className="flex items-baseline justify-between">
          <h2 id="getting-started" className="text-lg font-semibold text-slate-900">
            Getting started
          </h2>
          <span className="text-sm text-slate-500">
            {completed} of {steps.length} done
          </span>
        </div>
        <ol className="mt-4 space-y-3">
          {steps.map((step) => (
            <li key={step.label} className="flex items-center gap-3 text-sm">
              {step.done ? (
                <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-label="Done" />
              ) : (
                <Circle className="size-5 shrink-0 text-slate-300" aria-label="To do" />
              )}
              <span className={step.done ? "text-slate-500 line-through" : "text-slate-800"}>
                {step.label}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section
        aria-labelledby="connect-instagram"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 text-center"
      >
        <Camera className="mx-auto size-8 text-brand-600" aria-hidden="true" />
        <h2 id="connect-instagram" className="mt-3 text-lg font-semibold text-slate-900">
          Connect Instagram to Get Started
        </h2>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
          Connect your Instagram Business account to view post performance analytics, audience
          insights, and manage your messages.
        </p>
        <Link to={connectInstagramPath} className={buttonVariants({ className: "mt-4" })}>
          Go to Settings
        </Link>
      </section>
    </div>
  );
}
