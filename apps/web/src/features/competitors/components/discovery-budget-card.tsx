import { cn } from "../../../utils/cn.ts";
import type { CompetitorsState } from "../api/get-competitors.ts";

/** What competitor look-ups have spent of Business Discovery's budget, and Meta's own figure. */
export function DiscoveryBudgetCard({ state }: { state: CompetitorsState }) {
  const budget = state.budget;
  if (!budget) return null;
  const share = budget.lastHour / budget.hourlyLimit;
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
      aria-labelledby="discovery-budget-heading"
    >
      <h2 id="discovery-budget-heading" className="text-sm font-semibold text-slate-900">
        Business Discovery calls this hour
      </h2>
      <p className="mt-2 text-2xl font-semibold text-slate-900" data-testid="discovery-spent">
        {budget.lastHour}{" "}
        <span className="text-base font-medium text-slate-600">of {budget.hourlyLimit}</span>
      </p>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className={cn("h-full rounded-full", share >= 1 ? "bg-rose-500" : "bg-brand-600")}
          style={{ width: `${Math.min(100, share * 100)}%` }}
        />
      </div>
      <p className="mt-3 text-xs leading-5 text-slate-600">
        {budget.lastDay} in the last 24 hours. Each competitor is read once a day, one call each.
        {budget.appUsagePercent !== null
          ? ` Instagram last reported the app's usage at ${budget.appUsagePercent}% of its hourly limit.`
          : ""}
      </p>
      {budget.waitReason ? (
        <p className="mt-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-900">
          {budget.waitReason}
        </p>
      ) : null}
    </section>
  );
}
