import type { AutomationRule, AutomationRuleInput } from "@sightline/contracts";
import { Pause, Play, Plus, Trash2, Zap } from "lucide-react";
import { useState } from "react";
import { LockedFeature } from "../../../components/feedback/locked-feature.tsx";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";
import { usePlanLock } from "../../../lib/workspaces.ts";
import {
  type AutomationsOverview,
  useAutomations,
  useDeleteAutomation,
  usePauseAutomations,
  useToggleAutomation,
} from "../api/automations.ts";
import { describeQueue, describeTrigger } from "../utils/describe.ts";
import { AutomationEditor } from "./automation-editor.tsx";
import { RunLog } from "./run-log.tsx";

type Editing = { initial: AutomationRuleInput; ruleId?: string; enabled?: boolean; key: number };
type Templates = AutomationsOverview["templates"];

const blank: AutomationRuleInput = {
  name: "",
  trigger: { kind: "comment", keywords: { mode: "any", words: [], exclude: [] } },
  actions: {},
};

function Templates({
  templates,
  onPick,
}: {
  templates: Templates;
  onPick: (rule: AutomationRuleInput) => void;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {templates.map((template) => (
        <li key={template.id}>
          <button
            type="button"
            onClick={() => onPick(template.rule)}
            className="h-full w-full rounded-xl border border-slate-200 bg-white p-4 text-left hover:border-brand-500 hover:shadow-sm"
          >
            <span className="flex items-center gap-2 font-semibold text-slate-900">
              <Zap aria-hidden="true" className="size-4 text-brand-600" />
              {template.title}
            </span>
            <span className="mt-1 block text-sm text-slate-600">{template.description}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function RuleRow({
  rule,
  canEdit,
  onEdit,
}: {
  rule: AutomationRule;
  canEdit: boolean;
  onEdit: () => void;
}) {
  const toggle = useToggleAutomation();
  const remove = useDeleteAutomation();
  const { counts } = rule;
  return (
    <li
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center"
      data-testid="automation-rule"
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{rule.name}</p>
        <p className="text-sm text-slate-600">{describeTrigger(rule.trigger)}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          {counts.triggered} triggered · {counts.sent} sent · {counts.skipped} skipped
          {counts.failed > 0 ? ` · ${counts.failed} failed` : ""} · {counts.repliesAfter} replied
          after
          {rule.lastRunAt
            ? ` · last ${new Date(rule.lastRunAt).toLocaleString([], { dateStyle: "short", timeStyle: "short" })}`
            : ""}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <label className="mr-2 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            role="switch"
            aria-checked={rule.enabled}
            checked={rule.enabled}
            disabled={!canEdit || toggle.isPending}
            onChange={(event) => toggle.mutate({ id: rule.id, enabled: event.target.checked })}
          />
          {rule.enabled ? "On" : "Off"}
        </label>
        <Button variant="outline" size="sm" disabled={!canEdit} onClick={onEdit}>
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${rule.name}`}
          disabled={!canEdit || remove.isPending}
          onClick={() => {
            if (window.confirm(`Delete “${rule.name}”? Its run log goes with it.`))
              remove.mutate(rule.id);
          }}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/**
 * The Automations tab in Messages (issue 32 point 5): the rules with on/off and counts, the send
 * queue and Pause all, templates for the common cases, the editor and the run log.
 */
export function AutomationsView() {
  const overview = useAutomations();
  const lock = usePlanLock("automations");
  const canEdit = useCan("inbox:write");
  const pause = usePauseAutomations();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [logRule, setLogRule] = useState<string | undefined>();
  const open = (initial: AutomationRuleInput, ruleId?: string, enabled?: boolean) =>
    setEditing({
      initial,
      ...(ruleId ? { ruleId } : {}),
      ...(enabled !== undefined ? { enabled } : {}),
      key: Date.now(),
    });

  if (overview.isPending) {
    return (
      <SkeletonGroup label="Loading automations" className="space-y-3 p-4">
        <Skeleton className="h-16" />
        <Skeleton className="h-40" />
      </SkeletonGroup>
    );
  }
  if (overview.isError) {
    return (
      <QueryError
        message="Automations could not be loaded."
        onRetry={overview.refetch}
        className="m-4"
      />
    );
  }
  const data = overview.data;
  if (!data.connected)
    return <p className="p-6 text-sm text-slate-600">Connect Instagram to set up automations.</p>;
  const queueText = describeQueue(data.queue.waiting, data.queue.allOutBy);
  return (
    <div
      className="min-h-0 flex-1 overflow-y-auto bg-slate-50 p-3 sm:p-5"
      data-testid="automations-view"
    >
      <div className="mx-auto max-w-5xl space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <div className="min-w-0 basis-full sm:basis-0 sm:flex-1">
            <h2 className="text-lg font-semibold text-slate-900">Automations</h2>
            <p className="text-sm text-slate-600">
              Replies to comments, DMs and story mentions, sent within Instagram's limits (up to{" "}
              {data.queue.limits.privateRepliesPerHour} private replies and{" "}
              {data.queue.limits.dmsPerHour} DMs an hour).
            </p>
          </div>
          {queueText ? (
            <p
              className="rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-xs"
              data-testid="automation-queue"
            >
              {queueText}
            </p>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            disabled={!canEdit || pause.isPending}
            onClick={() => pause.mutate(!data.queue.paused)}
            aria-pressed={data.queue.paused}
          >
            {data.queue.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
            {data.queue.paused ? "Resume all" : "Pause all"}
          </Button>
          <Button size="sm" disabled={!canEdit || Boolean(lock)} onClick={() => open(blank)}>
            <Plus aria-hidden="true" />
            New automation
          </Button>
        </div>
        {data.queue.paused ? (
          <p
            role="status"
            className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            Every automation of this account is paused: matching comments and messages are logged as
            skipped, and nothing is sent.
          </p>
        ) : null}
        {lock ? <LockedFeature detail={lock} /> : null}
        {data.rules.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
            {data.rules.map((rule) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                canEdit={canEdit && !lock}
                onEdit={() => open(rule, rule.id, rule.enabled)}
              />
            ))}
          </ul>
        ) : null}
        {!lock && canEdit ? (
          <section aria-labelledby="automation-templates" className="space-y-2">
            <h3 id="automation-templates" className="font-semibold text-slate-900">
              {data.rules.length === 0 ? "Start from a template" : "Templates"}
            </h3>
            <Templates templates={data.templates} onPick={(rule) => open(rule)} />
          </section>
        ) : null}
        <RunLog rules={data.rules} ruleId={logRule} onRuleChange={setLogRule} />
      </div>
      {editing ? (
        <AutomationEditor
          key={editing.key}
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setEditing(null);
          }}
          initial={editing.initial}
          {...(editing.ruleId ? { ruleId: editing.ruleId } : {})}
          {...(editing.enabled !== undefined ? { enabled: editing.enabled } : {})}
        />
      ) : null}
    </div>
  );
}
