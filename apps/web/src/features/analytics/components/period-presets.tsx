import {
  planAllowingMore,
  planCapabilities,
  planNames,
  planRequiredFor,
} from "@sightline/contracts";
import { Lock } from "lucide-react";
import { SegmentedOption } from "../../../components/ui/segmented.tsx";
import { announcePlanRequired } from "../../../lib/api-error.ts";
import { useWorkspacePlan } from "../../../lib/workspaces.ts";
import type { OverviewDays } from "../api/get-analytics-overview.ts";

export const PERIOD_PRESETS: OverviewDays[] = ["7", "28", "90"];

/**
 * The 7/28/90-day buttons of a period picker. A preset longer than the plan's history shows a
 * lock and opens 'Upgrade your plan' instead (issue 30); the server refuses it either way.
 */
export function PeriodPresets({
  selected,
  onSelect,
}: {
  /** The preset in force, if the period is one. */
  selected: OverviewDays | undefined;
  onSelect: (days: OverviewDays) => void;
}) {
  const plan = useWorkspacePlan();
  return PERIOD_PRESETS.map((option) => {
    if (plan !== undefined && Number(option) > planCapabilities[plan].historyDays) {
      const needs = planAllowingMore(plan, "historyDays");
      return (
        <SegmentedOption
          key={option}
          pressed={false}
          className="inline-flex items-center gap-1 text-slate-500"
          aria-label={`${option} days${needs ? ` (${planNames[needs]} plan)` : ""}`}
          onClick={() => announcePlanRequired(planRequiredFor(plan, "historyDays"))}
        >
          <Lock aria-hidden="true" className="size-3.5" data-testid="plan-lock" />
          {option} days
        </SegmentedOption>
      );
    }
    return (
      <SegmentedOption key={option} pressed={selected === option} onClick={() => onSelect(option)}>
        {option} days
      </SegmentedOption>
    );
  });
}
