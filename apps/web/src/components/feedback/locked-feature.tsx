import { capabilityPhrases, type PlanRequired, planNames } from "@sightline/contracts";
import { Lock } from "lucide-react";
import { announcePlanRequired } from "../../lib/api-error.ts";
import { Button } from "../ui/button.tsx";

/**
 * A part of a page the workspace's plan does not include (issue 30): it stays in its place with a
 * lock, says which plan includes it, and opens 'Upgrade your plan' on request. It never shows
 * data the server would refuse.
 */
export function LockedFeature({ detail }: { detail: PlanRequired }) {
  const { capability, requiredPlan } = detail;
  return (
    <div
      className="mt-3 flex flex-col items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="locked-feature"
    >
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span>
          {requiredPlan
            ? `The ${planNames[requiredPlan]} plan includes ${capabilityPhrases[capability]}.`
            : `No plan includes ${capabilityPhrases[capability]}.`}
        </span>
      </p>
      {requiredPlan ? (
        <Button variant="outline" size="sm" onClick={() => announcePlanRequired(detail)}>
          See what {planNames[requiredPlan]} adds
        </Button>
      ) : null}
    </div>
  );
}
