import type { AutomationActionKind, AutomationRun } from "@sightline/contracts";
import { Link } from "react-router";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Select } from "../../../components/ui/input.tsx";
import { cn } from "../../../utils/cn.ts";
import { useAutomationRuns } from "../api/automations.ts";

const actionNames: Record<AutomationActionKind, string> = {
  public_reply: "Public reply",
  private_reply: "Private reply",
  dm: "DM",
  label: "Labels",
  notify: "E-mail to the team",
};
const statusStyle = {
  sent: "text-emerald-800",
  queued: "text-slate-600",
  sending: "text-slate-600",
  skipped: "text-amber-800",
  failed: "text-red-700",
};
const statusWord = {
  sent: "Sent",
  queued: "Waiting",
  sending: "Sending",
  skipped: "Skipped",
  failed: "Failed",
};

/** The comment or message with the keywords it matched in bold. */
function Highlighted({ text, words }: { text: string; words: string[] }) {
  if (words.length === 0) return <>{text}</>;
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const parts = text.split(new RegExp(`(${escaped.join("|")})`, "iu"));
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <mark key={index} className="rounded bg-amber-100 px-0.5 font-semibold text-slate-900">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Run({ run }: { run: AutomationRun }) {
  return (
    <li className="px-3 py-2.5 text-sm" data-testid="automation-run">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-medium text-slate-900">
          {run.person.username ? `@${run.person.username}` : "Someone"}
          <span className="font-normal text-slate-500"> · {run.ruleName}</span>
        </p>
        <time className="text-xs text-slate-500" dateTime={run.createdAt}>
          {new Date(run.createdAt).toLocaleString([], { dateStyle: "short", timeStyle: "short" })}
        </time>
      </div>
      {run.text ? (
        <p className="mt-0.5 text-slate-700">
          <Highlighted text={run.text} words={run.matched} />
        </p>
      ) : run.trigger === "story_mention" ? (
        <p className="mt-0.5 text-slate-700">Mentioned you in their story</p>
      ) : null}
      {run.outcome === "skipped" ? (
        <p className="mt-1 text-xs font-medium text-amber-800">Skipped: {run.reason}</p>
      ) : (
        <ul className="mt-1 space-y-0.5">
          {run.actions.map((action) => (
            <li key={action.kind} className={cn("text-xs", statusStyle[action.status])}>
              <span className="font-semibold">{actionNames[action.kind]}:</span>{" "}
              {statusWord[action.status]}
              {action.reason ? ` — ${action.reason}` : ""}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1 flex gap-3 text-xs">
        {run.links.comments ? (
          <Link to={run.links.comments} className="font-medium text-brand-700 hover:underline">
            Open the comments
          </Link>
        ) : null}
        {run.links.dm &&
        run.actions.some((action) => action.status === "sent" && action.kind !== "public_reply") ? (
          <Link to={run.links.dm} className="font-medium text-brand-700 hover:underline">
            Open the DM
          </Link>
        ) : null}
      </p>
    </li>
  );
}

/** Every trigger a rule matched, newest first, with each action's outcome (issue 32 point 4). */
export function RunLog({
  rules,
  ruleId,
  onRuleChange,
}: {
  rules: Array<{ id: string; name: string }>;
  ruleId: string | undefined;
  onRuleChange: (id: string | undefined) => void;
}) {
  const runs = useAutomationRuns(ruleId);
  const items = runs.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="run-log" className="rounded-2xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h3 id="run-log" className="font-semibold text-slate-900">
          Run log
        </h3>
        <Select
          aria-label="Show the runs of"
          className="h-9 w-auto"
          value={ruleId ?? ""}
          onChange={(event) => onRuleChange(event.target.value || undefined)}
        >
          <option value="">Every automation</option>
          {rules.map((rule) => (
            <option key={rule.id} value={rule.id}>
              {rule.name}
            </option>
          ))}
        </Select>
      </div>
      {runs.isError ? (
        <QueryError
          variant="inline"
          message="The run log could not be loaded."
          onRetry={runs.refetch}
          className="m-3"
        />
      ) : items.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-500">
          {runs.isPending
            ? "Loading…"
            : "Nothing has triggered yet. Matching comments and messages appear here as they arrive."}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((run) => (
            <Run key={run.id} run={run} />
          ))}
        </ul>
      )}
      {runs.hasNextPage ? (
        <div className="border-t border-slate-100 p-2 text-center">
          <Button
            variant="ghost"
            size="sm"
            disabled={runs.isFetchingNextPage}
            onClick={() => runs.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </section>
  );
}
