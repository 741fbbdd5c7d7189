import type { ReactNode } from "react";
import { useState } from "react";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Segmented } from "../../../components/ui/segmented.tsx";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import { type AccountsOverview, useAccountsOverview } from "../api/get-accounts-overview.ts";
import type { OverviewDays } from "../api/get-analytics-overview.ts";
import { formatNumber, formatRatioPercent } from "../utils/format.ts";
import { PeriodPresets } from "./period-presets.tsx";
import { formatDate } from "./top-posts.tsx";

type Account = AccountsOverview["accounts"][number];

const dash = "–";
const count = (value: number | null | undefined) =>
  value === null || value === undefined ? dash : formatNumber(value);

/** Reach and views as Instagram counts them for the period, or its daily average, said so. */
function figure(kpi: { value: number | null; basis: string }) {
  if (kpi.value === null) return dash;
  const shown = formatNumber(Math.round(kpi.value));
  return kpi.basis === "daily-average" ? `${shown}/day` : shown;
}

const columns: Array<{ label: string; value: (account: Account) => string; hint?: string }> = [
  { label: "Followers", value: (account) => count(account.followers.value) },
  {
    label: "Reach",
    value: (account) => figure(account.reach),
    hint: "Unique accounts over the period, as Instagram counts them",
  },
  { label: "Views", value: (account) => figure(account.views) },
  {
    label: "Engagement rate",
    value: (account) =>
      account.engagementRate.value === null
        ? dash
        : formatRatioPercent(account.engagementRate.value),
  },
  { label: "Posts", value: (account) => formatNumber(account.posts) },
  { label: "Unanswered messages", value: (account) => formatNumber(account.unansweredMessages) },
];

/**
 * Issue 29 point 3, "All accounts": the workspace's accounts side by side for one period (the
 * agency's morning view). Each figure is the account's own dashboard figure; choosing an account
 * opens its dashboard. A table on wide screens, one card per account on a phone.
 */
export function AllAccounts({
  onOpen,
  avatar,
}: {
  /** Opens the account's own dashboard. */
  onOpen: (instagramId: string) => void;
  /** The account's picture (the Instagram feature's avatar, given by the page). */
  avatar: (account: Account) => ReactNode;
}) {
  const timeZone = useTimeZone();
  const [days, setDays] = useState<OverviewDays>("28");
  const query = useAccountsOverview(days, timeZone, true);
  const data = query.data;
  return (
    <section aria-labelledby="all-accounts" className="space-y-4" data-testid="all-accounts">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="all-accounts" className="text-lg font-semibold text-slate-900">
            All accounts
          </h2>
          {data?.period ? (
            <p className="text-xs text-slate-500">
              {formatDate(data.period.from)} – {formatDate(data.period.to)} ({data.period.days}{" "}
              days)
            </p>
          ) : null}
        </div>
        <Segmented legend="Period">
          <PeriodPresets selected={days} onSelect={setDays} />
        </Segmented>
      </div>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <SkeletonGroup label="Loading every account's figures">
          <Skeleton className="h-48 w-full rounded-2xl" />
        </SkeletonGroup>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
            <table className="w-full text-sm">
              <thead className="border-b border-slate-200 text-left text-xs font-medium text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Account
                  </th>
                  {columns.map((column) => (
                    <th
                      key={column.label}
                      scope="col"
                      title={column.hint}
                      className="px-4 py-3 text-right"
                    >
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.accounts.map((account) => (
                  <tr
                    key={account.instagramId}
                    data-testid="all-accounts-row"
                    className="border-b border-slate-100 last:border-0"
                  >
                    <th scope="row" className="px-4 py-3 text-left font-medium">
                      <button
                        type="button"
                        onClick={() => onOpen(account.instagramId)}
                        className="flex items-center gap-3 rounded-md text-slate-900 hover:underline"
                      >
                        {avatar(account)}
                        <span>@{account.username}</span>
                      </button>
                      {account.status === "needs_reconnection" ? (
                        <span className="mt-1 block text-xs font-normal text-amber-700">
                          Needs reconnection
                        </span>
                      ) : null}
                    </th>
                    {columns.map((column) => (
                      <td
                        key={column.label}
                        className="px-4 py-3 text-right tabular-nums text-slate-800"
                      >
                        {column.value(account)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-3 md:hidden">
            {data.accounts.map((account) => (
              <li
                key={account.instagramId}
                className="rounded-2xl border border-slate-200 bg-white p-4"
              >
                <button
                  type="button"
                  onClick={() => onOpen(account.instagramId)}
                  className="flex items-center gap-3 font-medium text-slate-900"
                >
                  {avatar(account)}
                  <span>@{account.username}</span>
                </button>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                  {columns.map((column) => (
                    <div key={column.label}>
                      <dt className="text-xs text-slate-600">{column.label}</dt>
                      <dd className="font-semibold tabular-nums text-slate-900">
                        {column.value(account)}
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
