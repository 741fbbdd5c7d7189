import {
  planAllowingMore,
  planCapabilities,
  planLimitMessage,
  planNames,
} from "@sightline/contracts";
import { Plus, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";
import { useCreatePressKeyword } from "../api/create-press-keyword.ts";
import { useDeletePressKeyword } from "../api/delete-press-keyword.ts";
import type { PressKeyword, PressRadarState } from "../api/get-press-radar.ts";
import { useKeepPressKeyword } from "../api/keep-press-keyword.ts";
import { PanelCard } from "./panel-card.tsx";

/** The watched keywords (as many as the plan allows), each with the words that rule a mention out. */
export function KeywordsCard({ state }: { state: PressRadarState }) {
  const termId = useId();
  const exclusionsId = useId();
  const [term, setTerm] = useState("");
  const [exclusions, setExclusions] = useState("");
  const create = useCreatePressKeyword();
  const remove = useDeletePressKeyword();
  const keep = useKeepPressKeyword();
  // Issue 29: a role without "radars:write" reads the radar without its edit controls.
  const canEdit = useCan("radars:write");
  const limit = planCapabilities[state.plan].pressKeywords;
  const isFull = state.keywords.length >= limit;
  const next = planAllowingMore(state.plan, "pressKeywords");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        term: term.trim(),
        exclusions: exclusions
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      },
      {
        onSuccess: () => {
          setTerm("");
          setExclusions("");
        },
      },
    );
  };
  return (
    <PanelCard
      title="Keywords"
      description="Your brand, @handle and product names. Matched as whole words, ignoring case and accents."
    >
      <p className="text-sm text-slate-700">
        {state.keywords.length} of {limit} {limit === 1 ? "keyword" : "keywords"} on the{" "}
        {planNames[state.plan]} plan
      </p>
      {isFull ? (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {next
            ? planLimitMessage(state.plan, "pressKeywords")
            : "Remove a keyword to add another."}
        </p>
      ) : !canEdit ? null : (
        <form onSubmit={submit} noValidate className="mt-3 space-y-3">
          <div>
            <Label htmlFor={termId}>New keyword</Label>
            <Input
              id={termId}
              className="mt-1.5"
              placeholder="Lena Makes"
              value={term}
              maxLength={80}
              onChange={(event) => {
                setTerm(event.target.value);
                if (create.isError) create.reset();
              }}
              aria-invalid={create.isError || undefined}
              aria-describedby={create.isError ? `${termId}-error` : undefined}
            />
          </div>
          <div>
            <Label htmlFor={exclusionsId}>Leave out mentions that contain</Label>
            <Input
              id={exclusionsId}
              className="mt-1.5"
              placeholder="city council, job offer"
              value={exclusions}
              maxLength={900}
              onChange={(event) => setExclusions(event.target.value)}
              aria-describedby={`${exclusionsId}-hint`}
            />
            <p id={`${exclusionsId}-hint`} className="mt-1 text-xs text-slate-500">
              Optional, separated by commas.
            </p>
          </div>
          <FieldMessage id={`${termId}-error`}>
            {create.isError ? errorMessage(create.error) : undefined}
          </FieldMessage>
          <Button type="submit" disabled={create.isPending || term.trim() === ""}>
            <Plus aria-hidden="true" />
            Add keyword
          </Button>
        </form>
      )}
      {state.keywords.length > 0 ? (
        <ul className="mt-4 space-y-2" aria-label="Your keywords">
          {state.keywords.map((keyword: PressKeyword) => (
            <li
              key={keyword.id}
              className="flex items-start justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
            >
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">{keyword.term}</p>
                {keyword.exclusions.length > 0 ? (
                  <p className="text-xs text-slate-500">
                    Not with: {keyword.exclusions.join(", ")}
                  </p>
                ) : null}
                {keyword.pausedReason ? (
                  <p className="mt-1 text-xs text-amber-800" data-testid="keyword-paused">
                    {keyword.pausedReason}{" "}
                    {canEdit && (
                      <button
                        type="button"
                        className="font-medium text-indigo-700 underline-offset-2 hover:underline disabled:opacity-50"
                        disabled={keep.isPending}
                        onClick={() => keep.mutate(keyword.id)}
                      >
                        Keep matching “{keyword.term}”
                      </button>
                    )}
                  </p>
                ) : null}
              </div>
              {canEdit && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0 text-slate-500 hover:text-rose-700"
                  aria-label={`Remove keyword ${keyword.term}`}
                  onClick={() => remove.mutate(keyword.id)}
                >
                  <X aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </PanelCard>
  );
}
