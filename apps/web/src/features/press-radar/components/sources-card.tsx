import { Bell, BellOff, Loader2, Plus, Rss, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";
import { cn } from "../../../utils/cn.ts";
import { useAddPressSource } from "../api/add-press-source.ts";
import { useDeletePressSource } from "../api/delete-press-source.ts";
import type { PressRadarState, PressSource } from "../api/get-press-radar.ts";
import { useSetPressSourceMuted } from "../api/update-press-source.ts";
import { dateFormat } from "../utils/mention-display.ts";
import { PanelCard } from "./panel-card.tsx";

/** The feeds followed: add one by address or from the sandbox's samples, mute or remove. */
export function SourcesCard({ state }: { state: PressRadarState }) {
  const inputId = useId();
  const [url, setUrl] = useState("");
  const add = useAddPressSource();
  const mute = useSetPressSourceMuted();
  const remove = useDeletePressSource();
  // Issue 29: a role without "radars:write" reads the radar without its edit controls.
  const canEdit = useCan("radars:write");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === "") return;
    add.mutate(url.trim(), { onSuccess: () => setUrl("") });
  };
  return (
    <PanelCard
      title="Sources"
      description="RSS or Atom feeds: news sites, blogs, or a news search's feed."
    >
      {canEdit && (
        <form onSubmit={submit} noValidate>
          <Label htmlFor={inputId}>Feed address</Label>
          <div className="mt-1.5 flex gap-2">
            <Input
              id={inputId}
              type="url"
              inputMode="url"
              placeholder="https://site.com/feed"
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                if (add.isError) add.reset();
              }}
              aria-invalid={add.isError || undefined}
              aria-describedby={add.isError ? `${inputId}-error` : undefined}
              maxLength={2048}
            />
            <Button type="submit" disabled={add.isPending || url.trim() === ""}>
              {add.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Plus aria-hidden="true" />
              )}
              <span>{add.isPending ? "Checking…" : "Add"}</span>
            </Button>
          </div>
          <FieldMessage id={`${inputId}-error`}>
            {add.isError ? errorMessage(add.error) : undefined}
          </FieldMessage>
        </form>
      )}

      {canEdit && state.samples.length > 0 ? (
        <div className="mt-4 rounded-xl bg-brand-50/60 p-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">
            Sample feeds (sandbox)
          </p>
          <ul className="mt-2 space-y-1.5">
            {state.samples.map((sample) => (
              <li key={sample.url} className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate text-sm text-slate-800">{sample.title}</span>
                <Button
                  size="sm"
                  variant="outline"
                  className="h-8 shrink-0"
                  disabled={add.isPending}
                  onClick={() => add.mutate(sample.url)}
                  aria-label={`Add ${sample.title}`}
                >
                  <Plus aria-hidden="true" />
                  Add
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {state.sources.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No sources yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Your sources">
          {state.sources.map((source: PressSource) => (
            <li key={source.id} className="flex items-start gap-3 py-3">
              <Rss
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  source.isMuted ? "text-slate-400" : "text-brand-600",
                )}
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1">
                <p
                  className={cn(
                    "truncate text-sm font-medium",
                    source.isMuted ? "text-slate-500" : "text-slate-900",
                  )}
                >
                  {source.title}
                  {source.isMuted ? (
                    <span className="ml-2 text-xs font-normal text-slate-500">Muted</span>
                  ) : null}
                </p>
                <p className="truncate text-xs text-slate-500" title={source.url}>
                  {source.url}
                </p>
                {source.lastError ? (
                  <p className="mt-1 text-xs font-medium text-rose-700">{source.lastError}</p>
                ) : source.lastFetchedAt ? (
                  <p className="mt-1 text-xs text-slate-500">
                    Checked {dateFormat.format(new Date(source.lastFetchedAt))}
                  </p>
                ) : null}
              </div>
              {canEdit && (
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={source.isMuted ? `Unmute ${source.title}` : `Mute ${source.title}`}
                    title={source.isMuted ? "Unmute" : "Mute"}
                    onClick={() => mute.mutate({ id: source.id, isMuted: !source.isMuted })}
                  >
                    {source.isMuted ? <Bell aria-hidden="true" /> : <BellOff aria-hidden="true" />}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-slate-500 hover:text-rose-700"
                    aria-label={`Remove ${source.title}`}
                    title="Remove"
                    onClick={() => remove.mutate(source.id)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}
