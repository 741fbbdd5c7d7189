import {
  type MentionSentiment,
  mentionSentiments,
  planAllowingMore,
  planLimits,
  planNames,
} from "@sightline/contracts";
import {
  Bell,
  BellOff,
  ExternalLink,
  Loader2,
  Newspaper,
  Plus,
  RefreshCw,
  Rss,
  Trash2,
  X,
} from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label, Select } from "../../../components/ui/input.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import { cn } from "../../../utils/cn.ts";
import { useAddPressSource } from "../api/add-press-source.ts";
import { useCreatePressKeyword } from "../api/create-press-keyword.ts";
import { useDeletePressKeyword } from "../api/delete-press-keyword.ts";
import { useDeletePressSource } from "../api/delete-press-source.ts";
import { useFetchPressSources } from "../api/fetch-press-sources.ts";
import {
  type PressKeyword,
  type PressRadarState,
  type PressSource,
  usePressRadar,
} from "../api/get-press-radar.ts";
import {
  type MentionFilters,
  type PressMention,
  usePressMentions,
} from "../api/list-press-mentions.ts";
import { useMarkMentionsSeen } from "../api/mark-mentions-seen.ts";
import { useSetPressSourceMuted } from "../api/update-press-source.ts";
import { highlightParts } from "../utils/highlight.ts";

const sentimentLabels: Record<MentionSentiment, string> = {
  positive: "Positive",
  neutral: "Neutral",
  negative: "Negative",
};

const sentimentStyles: Record<MentionSentiment, string> = {
  positive: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  negative: "bg-rose-50 text-rose-800 ring-rose-200",
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.issues[0]?.message ?? error.message;
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

function Card({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cn("rounded-2xl border border-slate-200 bg-white p-5 shadow-xs", className)}
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function SourcesCard({ state }: { state: PressRadarState }) {
  const inputId = useId();
  const [url, setUrl] = useState("");
  const add = useAddPressSource();
  const mute = useSetPressSourceMuted();
  const remove = useDeletePressSource();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === "") return;
    add.mutate(url.trim(), { onSuccess: () => setUrl("") });
  };
  return (
    <Card
      title="Sources"
      description="RSS or Atom feeds: news sites, blogs, or a news search's feed."
    >
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

      {state.samples.length > 0 ? (
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
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function KeywordsCard({ state }: { state: PressRadarState }) {
  const termId = useId();
  const exclusionsId = useId();
  const [term, setTerm] = useState("");
  const [exclusions, setExclusions] = useState("");
  const create = useCreatePressKeyword();
  const remove = useDeletePressKeyword();
  const limit = planLimits[state.plan].pressKeywords;
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
    <Card
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
            ? `The ${planNames[state.plan]} plan can watch up to ${limit} ${limit === 1 ? "keyword" : "keywords"}. Upgrade to ${planNames[next]} to watch up to ${planLimits[next].pressKeywords}.`
            : "Remove a keyword to add another."}
        </p>
      ) : (
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
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 shrink-0 text-slate-500 hover:text-rose-700"
                aria-label={`Remove keyword ${keyword.term}`}
                onClick={() => remove.mutate(keyword.id)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function Highlighted({ text, ranges }: { text: string; ranges: ReadonlyArray<[number, number]> }) {
  return highlightParts(text, ranges).map((part, index) =>
    part.isMatch ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
      <mark key={index} className="rounded bg-brand-100 px-0.5 text-brand-900">
        {part.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
      <span key={index}>{part.text}</span>
    ),
  );
}

function MentionItem({ mention, isNew }: { mention: PressMention; isNew: boolean }) {
  const sentiment = mention.sentiment as MentionSentiment;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs"
      data-testid="mention"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        <span className="font-medium text-slate-700">{mention.sourceTitle}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={mention.publishedAt}>
          {dateFormat.format(new Date(mention.publishedAt))}
        </time>
        <span
          className={cn(
            "inline-flex items-center rounded-full px-2 py-0.5 sm:ml-auto text-xs font-semibold ring-1 ring-inset",
            sentimentStyles[sentiment],
          )}
        >
          {sentimentLabels[sentiment]}
        </span>
        {isNew ? <Badge>New</Badge> : null}
      </div>
      <h3 className="mt-2 text-base font-semibold text-slate-900">
        {mention.link ? (
          <a
            href={mention.link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-start gap-1 hover:text-brand-700 hover:underline"
          >
            <span>
              <Highlighted text={mention.title} ranges={mention.titleHighlights} />
            </span>
            <ExternalLink className="mt-1 size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : (
          <Highlighted text={mention.title} ranges={mention.titleHighlights} />
        )}
      </h3>
      {mention.snippet ? (
        <p className="mt-1.5 text-sm leading-6 text-slate-700">
          <Highlighted
            text={mention.snippet}
            ranges={mention.highlights as Array<[number, number]>}
          />
        </p>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">Matched: {mention.matchedTerms.join(", ")}</p>
    </li>
  );
}

function MentionsPanel({ state }: { state: PressRadarState }) {
  const [filters, setFilters] = useState<MentionFilters>({});
  const mentions = usePressMentions(filters);
  const markSeen = useMarkMentionsSeen();
  // Mentions that were unseen when the page opened keep their "New" badge while it stays open.
  const newAtOpen = useRef<Set<string> | null>(null);
  const firstPage = mentions.data?.pages[0];
  useEffect(() => {
    if (!firstPage || newAtOpen.current) return;
    newAtOpen.current = new Set(
      firstPage.items.filter((item) => !item.isSeen).map((item) => item.id),
    );
    // Spec: opening the page marks the mentions seen (the dot clears in every tab).
    markSeen.mutate(undefined);
  }, [firstPage, markSeen]);
  const items = mentions.data?.pages.flatMap((page) => page.items) ?? [];
  const sourceFilterId = useId();
  const keywordFilterId = useId();
  const toneFilterId = useId();
  const hasFilters = Boolean(filters.sourceId || filters.keywordId || filters.sentiment);

  return (
    <section aria-labelledby="mentions-heading" className="min-w-0">
      <h2 id="mentions-heading" className="sr-only">
        Mentions
      </h2>
      <div className="grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-3">
        <div>
          <Label htmlFor={sourceFilterId} className="text-xs text-slate-600">
            Source
          </Label>
          <Select
            id={sourceFilterId}
            className="mt-1"
            value={filters.sourceId ?? ""}
            onChange={(event) =>
              setFilters({ ...filters, sourceId: event.target.value || undefined })
            }
          >
            <option value="">All sources</option>
            {state.sources.map((source) => (
              <option key={source.id} value={source.id}>
                {source.title}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={keywordFilterId} className="text-xs text-slate-600">
            Keyword
          </Label>
          <Select
            id={keywordFilterId}
            className="mt-1"
            value={filters.keywordId ?? ""}
            onChange={(event) =>
              setFilters({ ...filters, keywordId: event.target.value || undefined })
            }
          >
            <option value="">All keywords</option>
            {state.keywords.map((keyword) => (
              <option key={keyword.id} value={keyword.id}>
                {keyword.term}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={toneFilterId} className="text-xs text-slate-600">
            Tone
          </Label>
          <Select
            id={toneFilterId}
            className="mt-1"
            value={filters.sentiment ?? ""}
            onChange={(event) =>
              setFilters({
                ...filters,
                sentiment: (event.target.value || undefined) as MentionSentiment | undefined,
              })
            }
          >
            <option value="">Any tone</option>
            {mentionSentiments.map((sentiment) => (
              <option key={sentiment} value={sentiment}>
                {sentimentLabels[sentiment]}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {mentions.isPending ? (
        <div className="mt-4 space-y-3" role="status" aria-label="Loading mentions">
          {[0, 1, 2].map((key) => (
            <div key={key} className="h-32 animate-pulse rounded-2xl bg-slate-100" />
          ))}
        </div>
      ) : mentions.isError ? (
        <div
          role="alert"
          className="mt-4 rounded-2xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800"
        >
          {errorMessage(mentions.error)}
          <Button
            variant="outline"
            size="sm"
            className="ml-3"
            onClick={() => void mentions.refetch()}
          >
            Retry
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <Newspaper className="mx-auto size-8 text-brand-600" aria-hidden="true" />
          <p className="mt-3 text-sm font-medium text-slate-900">
            {hasFilters ? "No mentions match these filters." : "No mentions yet."}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {state.sources.length === 0 || state.keywords.length === 0
              ? "Add a source and a keyword: every item that mentions the keyword shows up here."
              : "Feeds are checked every 15 minutes; new mentions put a dot on Press Radar in the menu."}
          </p>
        </div>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Mentions">
          {items.map((mention) => (
            <MentionItem
              key={mention.id}
              mention={mention}
              isNew={!mention.isSeen || Boolean(newAtOpen.current?.has(mention.id))}
            />
          ))}
        </ul>
      )}
      {mentions.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void mentions.fetchNextPage()}
            disabled={mentions.isFetchingNextPage}
          >
            {mentions.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

export function PressRadarView() {
  const state = usePressRadar();
  const fetchNow = useFetchPressSources();
  const markSeen = useMarkMentionsSeen();
  if (state.isPending) {
    return (
      <div className="mx-auto max-w-6xl space-y-4" role="status" aria-label="Loading Press Radar">
        <div className="h-8 w-64 animate-pulse rounded-lg bg-slate-200" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="h-96 animate-pulse rounded-2xl bg-slate-100" />
          <div className="h-96 animate-pulse rounded-2xl bg-slate-100" />
        </div>
      </div>
    );
  }
  if (state.isError) {
    return (
      <div
        role="alert"
        className="mx-auto max-w-xl rounded-2xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800"
      >
        {errorMessage(state.error)}
        <Button variant="outline" size="sm" className="ml-3" onClick={() => void state.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const data = state.data;
  const isSetUp = data.sources.length > 0 && data.keywords.length > 0;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 max-w-xl text-sm text-slate-600">
          Mentions of your keywords in the news feeds you follow, with their tone. Feeds are checked
          every 15 minutes.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={data.unseenCount === 0 || markSeen.isPending}
            onClick={() => markSeen.mutate(undefined)}
          >
            Mark all as seen
          </Button>
          <Button
            size="sm"
            disabled={fetchNow.isPending || !data.sources.some((source) => !source.isMuted)}
            onClick={() => fetchNow.mutate()}
          >
            <RefreshCw className={cn(fetchNow.isPending && "animate-spin")} aria-hidden="true" />
            Fetch now
          </Button>
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className={cn("min-w-0", !isSetUp && "order-last lg:order-none")}>
          <MentionsPanel state={data} />
        </div>
        <div className="min-w-0 space-y-6">
          <KeywordsCard state={data} />
          <SourcesCard state={data} />
        </div>
      </div>
    </div>
  );
}
