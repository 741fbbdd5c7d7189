import type { AiFact, AiLockedRole, AiRoleId, AiRoleReport, PlanId } from "@sightline/contracts";
import { aiRoleJobs } from "@sightline/contracts";
import {
  BarChart3,
  CalendarCheck,
  GraduationCap,
  Inbox,
  Lightbulb,
  Lock,
  RefreshCw,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { useFormatDateTime, useTimeZone } from "../../../hooks/use-time-zone.ts";
import { announcePlanRequired } from "../../../lib/api-error.ts";
import { useAiTeam } from "../api/get-ai-team.ts";
import { useRefreshAiRole } from "../api/refresh-ai-role.ts";
import { useSaveAiTeamSettings } from "../api/save-ai-team-settings.ts";
import { useSendSuggestedReply } from "../api/send-suggested-reply.ts";
import { composeLink } from "../utils/compose-link.ts";
import { AskSightline } from "./ask-sightline.tsx";

type Role = AiRoleReport | AiLockedRole;

const icons: Record<AiRoleId, typeof Inbox> = {
  manager: CalendarCheck,
  secretary: Inbox,
  mentor: GraduationCap,
  creator: Lightbulb,
  analyst: BarChart3,
};

/** The order the dashboard shows the team in (design: product.md "The AI team"). */
const order: AiRoleId[] = ["manager", "secretary", "mentor", "creator", "analyst"];

function isLocked(role: Role): role is AiLockedRole {
  return role.status === "locked";
}

/** One role's card: its name, job and headline; opens the role's panel. */
function RoleCard({ role, onOpen }: { role: Role; onOpen: () => void }) {
  const Icon = icons[role.role];
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-testid={`ai-role-${role.role}`}
        className="flex h-full w-full flex-col rounded-xl border border-slate-200 bg-white p-3 text-left text-sm transition hover:border-brand-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="flex items-center gap-2 font-medium text-slate-900">
          <Icon className="size-4 text-brand-600" aria-hidden="true" />
          {role.name}
          {isLocked(role) ? (
            <Lock className="ml-auto size-3.5 text-slate-400" aria-label="Not on your plan" />
          ) : null}
        </span>
        <span className="mt-1 text-xs text-slate-500">{aiRoleJobs[role.role]}</span>
        <span className="mt-2 line-clamp-4 text-slate-800">
          {isLocked(role) ? (
            <span className="text-slate-500">{role.message}</span>
          ) : (
            role.wording.headline
          )}
        </span>
        {isLocked(role) ? null : (
          <span className="mt-auto pt-2 text-[11px] text-slate-500">{role.writer.label}</span>
        )}
      </button>
    </li>
  );
}

function Sample({ fact }: { fact: AiFact }) {
  const parts = [
    fact.sample
      ? `${fact.sample.size.toLocaleString("en-US")} ${fact.sample.size === 1 ? fact.sample.unit.replace(/s$/, "") : fact.sample.unit}`
      : null,
    fact.period ? `${fact.period.from} to ${fact.period.to}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? <span>{parts.join(" · ")}</span> : null;
}

function FactAction({ fact }: { fact: AiFact }) {
  const timeZone = useTimeZone();
  const action = fact.action;
  if (!action) return null;
  if (action.kind === "compose") {
    return (
      <Link
        to={composeLink(action, timeZone)}
        className="inline-flex items-center rounded-md bg-brand-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-brand-700"
      >
        Use this
      </Link>
    );
  }
  return <ReplyAction action={action} />;
}

/** The Secretary's suggested reply: editable, sent through the inbox's own routes. */
function ReplyAction({
  action,
}: {
  action: Extract<NonNullable<AiFact["action"]>, { kind: "reply" }>;
}) {
  const [text, setText] = useState(action.text);
  const send = useSendSuggestedReply();
  const limit = action.channel === "dm" ? 1000 : 2200;
  if (send.isSuccess) {
    return (
      <p className="w-full text-xs font-medium text-emerald-700" role="status">
        Sent {action.channel === "dm" ? "by DM" : "as a reply to the comment"}.
      </p>
    );
  }
  return (
    <div className="mt-1 w-full space-y-1.5">
      <label className="block text-xs font-medium text-slate-600">
        Suggested reply
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={limit}
          rows={2}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white p-2 text-sm text-slate-900"
        />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={!action.canSend || send.isPending || text.trim().length === 0}
          onClick={() =>
            send.mutate({ channel: action.channel, threadId: action.threadId, text: text.trim() })
          }
        >
          {send.isPending ? "Sending…" : "Send"}
        </Button>
        {action.canSend ? null : <span className="text-xs text-amber-800">{action.reason}</span>}
        {send.isError ? (
          <span role="alert" className="text-xs text-rose-700">
            {errorMessage(send.error)}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** A fact with its evidence: the number's sentence, its sample and period, and where it is from. */
function FactItem({ fact }: { fact: AiFact }) {
  return (
    <li className="rounded-lg border border-slate-100 bg-slate-50 p-3" data-fact={fact.id}>
      <p className="text-sm font-medium text-slate-900">{fact.title}</p>
      <p className="mt-0.5 text-sm text-slate-700">{fact.statement}</p>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <Sample fact={fact} />
        {fact.links.map((link) =>
          link.href.startsWith("/") ? (
            <Link
              key={link.href + link.label}
              to={link.href}
              className="text-brand-700 hover:underline"
            >
              {link.label}
            </Link>
          ) : (
            <a
              key={link.href + link.label}
              href={link.href}
              target="_blank"
              rel="noreferrer noopener"
              className="text-brand-700 hover:underline"
            >
              {link.label}
            </a>
          ),
        )}
        <FactAction fact={fact} />
      </div>
    </li>
  );
}

function RefreshButton({ role }: { role: AiRoleId }) {
  const refresh = useRefreshAiRole(role);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() => refresh.mutate()}
        disabled={refresh.isPending}
      >
        <RefreshCw
          className={`size-3.5 ${refresh.isPending ? "animate-spin" : ""}`}
          aria-hidden="true"
        />
        {refresh.isPending ? "Refreshing…" : "Refresh"}
      </Button>
      {refresh.isError ? (
        <p role="alert" className="max-w-64 text-right text-xs text-rose-700">
          {errorMessage(refresh.error)}
        </p>
      ) : null}
    </div>
  );
}

/** Whether the model may read DM text when it words the Secretary's triage (off by default). */
function ShareDmText({ model, shareDmText }: { model: string; shareDmText: boolean }) {
  const save = useSaveAiTeamSettings();
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-sm">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={save.isPending ? (save.variables?.shareDmText ?? shareDmText) : shareDmText}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ shareDmText: event.target.checked })}
        />
        <span>
          Let {model} read the words of direct messages when it writes the Secretary's summary.
          <span className="block text-xs text-slate-500">
            Off: it gets who wrote, when and what kind of message, never the text. Comments are
            public and always included.
          </span>
        </span>
      </label>
      {save.isError ? (
        <p role="alert" className="mt-1 text-xs text-rose-700">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </div>
  );
}

/** A role's panel: the wording and who wrote it, then every fact it rests on. */
function RolePanel({
  role,
  model,
  shareDmText,
}: {
  role: AiRoleReport;
  model: string | null;
  shareDmText: boolean;
}) {
  const format = useFormatDateTime();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="text-xs text-slate-500">
          {role.writer.label} ·{" "}
          {format(role.computedAt, { dateStyle: "medium", timeStyle: "short" })}
        </p>
        <RefreshButton role={role.role} />
      </div>
      <section aria-label="What it says" className="space-y-2">
        <p className="text-base font-semibold text-slate-900">{role.wording.headline}</p>
        {role.wording.paragraphs.map((paragraph) => (
          <p key={paragraph} className="text-sm text-slate-700">
            {paragraph}
          </p>
        ))}
        {role.guard?.fellBack ? (
          <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900">
            The model's wording named {role.guard.violations.join(", ")}, which the facts do not
            hold, so the built-in engine's wording is shown.
          </p>
        ) : null}
      </section>
      {role.role === "secretary" && model ? (
        <ShareDmText model={model} shareDmText={shareDmText} />
      ) : null}
      <section aria-labelledby={`facts-${role.role}`}>
        <h3 id={`facts-${role.role}`} className="text-sm font-semibold text-slate-900">
          The facts ({role.facts.length})
        </h3>
        <p className="text-xs text-slate-500">
          Computed by Sightline from your stored Instagram data; every figure above comes from
          these.
        </p>
        <ul className="mt-2 space-y-2">
          {role.facts.map((fact) => (
            <FactItem key={fact.id} fact={fact} />
          ))}
        </ul>
      </section>
      {role.sent ? (
        <details className="rounded-lg border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">What was sent</summary>
          <p className="mt-1 text-xs text-slate-500">
            Only these facts went to{" "}
            {role.writer.kind === "model" ? role.writer.model : "the model"}; nothing else of your
            account.
          </p>
          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs text-slate-700">
            {role.sent}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

function LockedPanel({ role }: { role: AiLockedRole }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">{role.message}</p>
      <Button
        onClick={() =>
          announcePlanRequired({
            capability: "aiTeam",
            plan: role.plan as PlanId,
            requiredPlan: role.requiredPlan as PlanId,
          })
        }
      >
        Upgrade
      </Button>
    </div>
  );
}

/**
 * The AI team on the dashboard (issue 31): five cards with each role's headline; each opens a
 * panel with the wording, who wrote it, and the facts it rests on.
 */
export function AiTeamPanel() {
  const team = useAiTeam();
  const [open, setOpen] = useState<AiRoleId | null>(null);
  const roles = team.data?.connected ? team.data.roles : [];
  const sorted = order.flatMap((id) => roles.filter((role) => role.role === id));
  const selected = sorted.find((role) => role.role === open);
  return (
    <section
      aria-labelledby="ai-team"
      data-testid="ai-team-panel"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ai-team" className="font-semibold text-slate-900">
          Your AI team
        </h2>
        {team.data?.connected ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-xs text-slate-500">
              {team.data.model
                ? `Wording by ${team.data.model}, checked against the facts`
                : "Wording by Sightline's built-in engine (no AI model configured)"}
            </p>
            {team.data.roles.some((role) => role.role !== "analyst" && role.status !== "locked") ? (
              <AskSightline model={team.data.model} />
            ) : null}
          </div>
        ) : null}
      </div>
      {team.isPending ? (
        <SkeletonGroup
          label="Loading your AI team"
          className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-5"
        >
          {order.map((id) => (
            <Skeleton key={id} className="h-32 w-full" />
          ))}
        </SkeletonGroup>
      ) : team.isError ? (
        <QueryError
          className="mt-3"
          message="Your AI team could not be loaded."
          onRetry={() => void team.refetch()}
        />
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-5">
          {sorted.map((role) => (
            <RoleCard key={role.role} role={role} onOpen={() => setOpen(role.role)} />
          ))}
        </ul>
      )}
      <Sheet
        open={selected !== undefined}
        onOpenChange={(next) => (next ? undefined : setOpen(null))}
      >
        <SheetContent className="max-w-lg" data-testid="ai-role-panel">
          <SheetTitle className="pr-10 text-lg font-semibold text-slate-900">
            {selected ? `${selected.name}` : "AI team"}
          </SheetTitle>
          <SheetDescription className="text-sm text-slate-500">
            {selected ? aiRoleJobs[selected.role] : ""}
          </SheetDescription>
          <div className="mt-4">
            {selected === undefined ? null : isLocked(selected) ? (
              <LockedPanel role={selected} />
            ) : (
              <RolePanel
                role={selected}
                model={team.data?.connected ? team.data.model : null}
                shareDmText={team.data?.connected ? team.data.settings.shareDmText : false}
              />
            )}
          </div>
        </SheetContent>
      </Sheet>
    </section>
  );
}
