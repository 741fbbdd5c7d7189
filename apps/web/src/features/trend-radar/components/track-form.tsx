import {
  planAllowingMore,
  planCapabilities,
  planLimitMessage,
  planNames,
} from "@sightline/contracts";
import { Hash, Loader2, Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import type { TrendRadarState } from "../api/get-trend-radar.ts";
import { useTrackHashtag } from "../api/track-hashtag.ts";
import { dateFormat } from "../utils/trend-formats.ts";

/** What the page says once the week's look-ups are spent (the server refuses in the same words). */
function spentMessage(budget: NonNullable<TrendRadarState["budget"]>): string {
  const next = budget.nextSlotAt
    ? ` The next one frees up on ${dateFormat.format(new Date(budget.nextSlotAt))}.`
    : "";
  return `You have used all ${budget.limit} hashtag look-ups Instagram allows in 7 days.${next} A hashtag looked up this week can still be tracked.`;
}

/** Track a hashtag, within the plan's limit and the week's look-ups. */
export function TrackForm({ state }: { state: TrendRadarState }) {
  const inputId = useId();
  const [name, setName] = useState("");
  const track = useTrackHashtag();
  const limit = planCapabilities[state.plan].trendHashtags;
  const isFull = state.hashtags.length >= limit;
  const next = planAllowingMore(state.plan, "trendHashtags");
  const clean = name.trim().replace(/^#+/, "").toLowerCase();
  const isFree = clean !== "" && Boolean(state.budget?.counted.includes(clean));
  const isSpent = state.budget?.remaining === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (clean === "") return;
    track.mutate(clean, { onSuccess: () => setName("") });
  };
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
      aria-labelledby="track-heading"
    >
      <h2 id="track-heading" className="text-sm font-semibold text-slate-900">
        Track a hashtag
      </h2>
      <p className="mt-1 text-xs text-slate-600">
        {state.hashtags.length} of {limit} hashtags on the {planNames[state.plan]} plan
      </p>
      {isFull ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {next
            ? planLimitMessage(state.plan, "trendHashtags")
            : "Remove a hashtag to track another."}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mt-3">
          <Label htmlFor={inputId} className="sr-only">
            Hashtag
          </Label>
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1">
              <Hash
                className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <Input
                id={inputId}
                className="pl-8"
                placeholder="latteart"
                value={name}
                maxLength={101}
                autoCapitalize="none"
                onChange={(event) => {
                  setName(event.target.value);
                  if (track.isError) track.reset();
                }}
                aria-invalid={track.isError || undefined}
                aria-describedby={`${inputId}-hint${track.isError ? ` ${inputId}-error` : ""}`}
              />
            </div>
            <Button
              type="submit"
              disabled={track.isPending || clean === "" || (isSpent && !isFree)}
            >
              {track.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Plus aria-hidden="true" />
              )}
              Track
            </Button>
          </div>
          {isSpent && !isFree ? (
            <p
              id={`${inputId}-hint`}
              className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="budget-spent"
            >
              {spentMessage(state.budget!)}
            </p>
          ) : (
            <p id={`${inputId}-hint`} className="mt-1.5 text-xs text-slate-500">
              {isFree
                ? "Already looked up this week: tracking it is free."
                : "Uses one of this week's look-ups."}
            </p>
          )}
          <FieldMessage id={`${inputId}-error`}>
            {track.isError ? errorMessage(track.error) : undefined}
          </FieldMessage>
        </form>
      )}
    </section>
  );
}
