import {
  planAllowingMore,
  planLimitMessage,
  planNames,
  planRequiredFor,
} from "@sightline/contracts";
import { AtSign, Loader2, Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { LockedFeature } from "../../../components/feedback/locked-feature.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import { announcePlanRequired } from "../../../lib/api-error.ts";
import { useAddCompetitor } from "../api/add-competitor.ts";
import type { CompetitorsState } from "../api/get-competitors.ts";

/** Track a public Business or Creator account by its username, within the plan's limit. */
export function AddCompetitorForm({ state }: { state: CompetitorsState }) {
  const inputId = useId();
  const [username, setUsername] = useState("");
  const add = useAddCompetitor();
  const limit = state.limit;
  const isFull = limit !== null && state.tracked >= limit;
  const next = planAllowingMore(state.plan, "competitors");
  const clean = username.trim().replace(/^@+/, "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (clean === "") return;
    add.mutate(clean, { onSuccess: () => setUsername("") });
  };
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
      aria-labelledby="add-competitor-heading"
    >
      <h2 id="add-competitor-heading" className="text-sm font-semibold text-slate-900">
        Track a competitor
      </h2>
      {limit === 0 ? (
        <LockedFeature detail={planRequiredFor(state.plan, "competitors")} />
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-600">
            {state.tracked} of {limit ?? "unlimited"} competitors on the {planNames[state.plan]}{" "}
            plan
          </p>
          {isFull ? (
            <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <p data-testid="competitor-limit">{planLimitMessage(state.plan, "competitors")}</p>
              {next ? (
                <Button
                  className="mt-2"
                  variant="outline"
                  size="sm"
                  onClick={() => announcePlanRequired(planRequiredFor(state.plan, "competitors"))}
                >
                  See what {planNames[next]} adds
                </Button>
              ) : null}
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="mt-3">
              <Label htmlFor={inputId} className="sr-only">
                Instagram username
              </Label>
              <div className="flex gap-2">
                <div className="relative min-w-0 flex-1">
                  <AtSign
                    className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
                    aria-hidden="true"
                  />
                  <Input
                    id={inputId}
                    className="pl-8"
                    placeholder="username"
                    value={username}
                    maxLength={31}
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    onChange={(event) => {
                      setUsername(event.target.value);
                      if (add.isError) add.reset();
                    }}
                    aria-invalid={add.isError || undefined}
                    aria-describedby={`${inputId}-hint${add.isError ? ` ${inputId}-error` : ""}`}
                  />
                </div>
                <Button type="submit" disabled={add.isPending || clean === ""}>
                  {add.isPending ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Plus aria-hidden="true" />
                  )}
                  Track
                </Button>
              </div>
              <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-slate-500">
                A public Business or Creator account. Looking it up uses one Business Discovery
                call.
              </p>
              <FieldMessage id={`${inputId}-error`}>
                {add.isError ? errorMessage(add.error) : undefined}
              </FieldMessage>
            </form>
          )}
        </>
      )}
    </section>
  );
}
