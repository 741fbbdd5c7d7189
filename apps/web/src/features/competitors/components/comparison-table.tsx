import { Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";
import { cn } from "../../../utils/cn.ts";
import type { ComparedAccount, CompetitorsState } from "../api/get-competitors.ts";
import { useRemoveCompetitor } from "../api/remove-competitor.ts";
import { formatCount, formatDay, formatLabels, signedFormat } from "../utils/competitor-formats.ts";
import { FollowerSparkline } from "./follower-sparkline.tsx";

const formats = ["IMAGE", "CAROUSEL_ALBUM", "REELS"] as const;

function Growth({ account }: { account: ComparedAccount }) {
  if (account.followerGrowth === null) {
    return <span className="whitespace-nowrap text-xs text-slate-500">from tomorrow's read</span>;
  }
  return (
    <span className="flex items-center gap-2">
      <span
        className={cn(
          "font-medium tabular-nums",
          account.followerGrowth > 0
            ? "text-emerald-700"
            : account.followerGrowth < 0
              ? "text-rose-700"
              : "text-slate-700",
        )}
      >
        {signedFormat.format(account.followerGrowth)}
      </span>
      <FollowerSparkline points={account.followerSeries} />
    </span>
  );
}

function AccountCell({ account }: { account: ComparedAccount }) {
  return (
    <div className="min-w-0">
      <p className="flex items-center gap-1.5 font-medium text-slate-900">
        <span className="truncate">@{account.username}</span>
        {account.isOwn ? (
          <span className="rounded bg-slate-900 px-1.5 py-0.5 text-[11px] font-semibold text-white">
            You
          </span>
        ) : null}
      </p>
      {account.name ? <p className="truncate text-xs text-slate-500">{account.name}</p> : null}
      {account.pausedReason ? (
        <p className="mt-1 text-xs text-amber-800">{account.pausedReason}</p>
      ) : account.lastError ? (
        <p className="mt-1 text-xs text-rose-700">{account.lastError}</p>
      ) : null}
    </div>
  );
}

/**
 * The account beside its competitors over the period: followers and their growth, posting
 * frequency, and the median engagement (likes plus comments) per post of each format.
 */
export function ComparisonTable({ state }: { state: CompetitorsState }) {
  const canEdit = useCan("radars:write");
  const remove = useRemoveCompetitor();
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white shadow-xs"
      aria-labelledby="comparison-heading"
    >
      <div className="border-b border-slate-100 p-5">
        <h2 id="comparison-heading" className="text-sm font-semibold text-slate-900">
          Side by side
        </h2>
        <p className="mt-1 text-xs text-slate-600">
          Since {formatDay(state.since)}, from Instagram's daily reads. Engagement is likes plus
          comments per post; posts with hidden likes are left out.
        </p>
      </div>
      {/* relative: the header's sr-only label is placed inside the scroller, not past the page. */}
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[760px] text-left text-sm" data-testid="comparison-table">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="sticky left-0 bg-slate-50 px-4 py-2.5 font-medium">
                Account
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                Followers
              </th>
              <th scope="col" className="px-3 py-2.5 font-medium">
                Growth
              </th>
              <th scope="col" className="px-3 py-2.5 text-right font-medium">
                Posts a week
              </th>
              {formats.map((format) => (
                <th key={format} scope="col" className="px-3 py-2.5 text-right font-medium">
                  {formatLabels[format]}s
                </th>
              ))}
              {canEdit ? (
                <th scope="col" className="px-3 py-2.5">
                  <span className="sr-only">Remove</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {state.accounts.map((account) => (
              <tr key={account.id} className={cn(account.isOwn && "bg-brand-50")}>
                <th
                  scope="row"
                  className={cn(
                    "sticky left-0 max-w-56 px-4 py-3 text-left font-normal",
                    account.isOwn ? "bg-brand-50" : "bg-white",
                  )}
                >
                  <AccountCell account={account} />
                </th>
                <td className="px-3 py-3 text-right tabular-nums text-slate-900">
                  {formatCount(account.followers)}
                </td>
                <td className="px-3 py-3">
                  <Growth account={account} />
                </td>
                <td className="px-3 py-3 text-right tabular-nums">
                  {account.postsPerWeek}
                  <span className="block text-xs text-slate-500">
                    {account.posts} {account.posts === 1 ? "post" : "posts"}
                    {account.postsCoveredFrom && account.postsCoveredFrom > state.since
                      ? ` since ${formatDay(account.postsCoveredFrom)}`
                      : ""}
                  </span>
                </td>
                {formats.map((format) => {
                  const cell = account.medianEngagement[format];
                  return (
                    <td key={format} className="px-3 py-3 text-right tabular-nums">
                      {formatCount(cell.median)}
                      <span className="block text-xs text-slate-500">
                        {cell.posts} {cell.posts === 1 ? "post" : "posts"}
                      </span>
                    </td>
                  );
                })}
                {canEdit ? (
                  <td className="px-3 py-3 text-right">
                    {account.isOwn ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Stop tracking @${account.username}`}
                        disabled={remove.isPending}
                        onClick={() => {
                          if (
                            window.confirm(
                              `Stop tracking @${account.username}? Its stored daily reads are deleted.`,
                            )
                          )
                            remove.mutate(account.id);
                        }}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
