import {
  formatCapability,
  planAllowingMore,
  planNames,
  planRequiredFor,
} from "@sightline/contracts";
import { Lock } from "lucide-react";
import { announcePlanRequired } from "../../../lib/api-error.ts";
import { useWorkspacePlan } from "../../../lib/workspaces.ts";

/**
 * "Your plan shows 30 days; 60 more are stored." with the plan that shows more (issue 30): the
 * older days and posts are kept, hidden, and come back on upgrade.
 */
export function HistoryNote({ note }: { note: string }) {
  const plan = useWorkspacePlan();
  const next = plan ? planAllowingMore(plan, "historyDays") : undefined;
  return (
    <p className="text-xs text-slate-600" data-testid="history-note">
      <Lock aria-hidden="true" className="mr-1.5 inline size-3.5 align-[-2px] text-slate-500" />
      {note}
      {plan && next ? (
        <button
          type="button"
          className="ml-2 font-medium text-indigo-700 underline-offset-2 hover:underline"
          onClick={() => announcePlanRequired(planRequiredFor(plan, "historyDays"))}
        >
          See {formatCapability(next, "historyDays")} with {planNames[next]}
        </button>
      ) : null}
    </p>
  );
}
