import { cn } from "../../../utils/cn.ts";
import type { TrendRadarState } from "../api/get-trend-radar.ts";
import { dateFormat } from "../utils/trend-formats.ts";

/** How many of Instagram's 30 hashtag look-ups per 7 days are left, and when the next frees up. */
export function BudgetCard({ state }: { state: TrendRadarState }) {
  const budget = state.budget;
  if (!budget) return null;
  const usedShare = budget.used / budget.limit;
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
      aria-labelledby="budget-heading"
    >
      <h2 id="budget-heading" className="text-sm font-semibold text-slate-900">
        Hashtag look-ups this week
      </h2>
      <p className="mt-2 text-2xl font-semibold text-slate-900" data-testid="budget-remaining">
        {budget.remaining}{" "}
        <span className="text-base font-medium text-slate-600">of {budget.limit} left</span>
      </p>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className={cn(
            "h-full rounded-full",
            budget.remaining === 0 ? "bg-rose-500" : "bg-brand-600",
          )}
          style={{ width: `${Math.min(100, usedShare * 100)}%` }}
        />
      </div>
      <p className="mt-3 text-xs leading-5 text-slate-600">
        Instagram allows 30 different hashtags per account in any 7 days. Looking one up again in
        that time is free.
        {budget.nextSlotAt
          ? ` The next slot frees up on ${dateFormat.format(new Date(budget.nextSlotAt))}.`
          : ""}
      </p>
    </section>
  );
}
