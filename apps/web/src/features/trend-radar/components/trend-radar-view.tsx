import { planAllowingMore, planLimits, planNames, type TrendLabel } from "@sightline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import {
  Hash,
  ImageOff,
  Loader2,
  Minus,
  PenSquare,
  Play,
  Plus,
  RefreshCw,
  TrendingDown,
  TrendingUp,
  X,
} from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import { paths } from "../../../config/paths.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { useRealtimeEvent } from "../../../lib/realtime/use-realtime-event.ts";
import { cn } from "../../../utils/cn.ts";
import {
  type TrackedHashtag,
  type TrendRadarState,
  useTrendRadar,
} from "../api/get-trend-radar.ts";
import { useTrendSuggestions } from "../api/get-trend-suggestions.ts";
import { useRefreshTrendRadar } from "../api/refresh-trend-radar.ts";
import { useTrackHashtag } from "../api/track-hashtag.ts";
import { trendRadarQueryKey } from "../api/trend-radar-keys.ts";
import { useUntrackHashtag } from "../api/untrack-hashtag.ts";
import { composerLink } from "../utils/composer-link.ts";

const MEDIA_PROXY = "/api/functions/instagram-media-proxy";
const numberFormat = new Intl.NumberFormat();
const compactFormat = new Intl.NumberFormat(undefined, {
  notation: "compact",
  maximumFractionDigits: 1,
});
const percentFormat = new Intl.NumberFormat(undefined, {
  style: "percent",
  maximumFractionDigits: 0,
  signDisplay: "exceptZero",
});
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.issues[0]?.message ?? error.message;
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

const labelStyles: Record<TrendLabel, { className: string; icon: typeof TrendingUp }> = {
  Rising: { className: "bg-emerald-50 text-emerald-800 ring-emerald-200", icon: TrendingUp },
  Steady: { className: "bg-slate-100 text-slate-700 ring-slate-200", icon: Minus },
  Cooling: { className: "bg-amber-50 text-amber-900 ring-amber-200", icon: TrendingDown },
};

function TrendBadge({ label }: { label: TrendLabel }) {
  const { className, icon: Icon } = labelStyles[label];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        className,
      )}
      data-testid="trend-label"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

function BudgetCard({ state }: { state: TrendRadarState }) {
  const budget = state.budget;
  if (!budget) return null;
  const usedShare = budget.used / budget.limit;
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
      aria-labelledby="budget-heading"
    >
      <h2 id="budget-heading" className="text-sm font-semibold text-slate-900">
        Hashtag look-ups this week
      </h2>
      <p className="mt-2 text-2xl font-semibold text-slate-900" data-testid="budget-remaining">
        {budget.remaining}{" "}
        <span className="text-base font-medium text-slate-600">of {budget.limit} left</span>
      </p>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className={cn(
            "h-full rounded-full",
            budget.remaining === 0 ? "bg-rose-500" : "bg-brand-600",
          )}
          style={{ width: `${Math.min(100, usedShare * 100)}%` }}
        />
      </div>
      <p className="mt-3 text-xs leading-5 text-slate-600">
        Instagram allows 30 different hashtags per account in any 7 days. Looking one up again in
        that time is free.
        {budget.nextSlotAt
          ? ` The next slot frees up on ${dateFormat.format(new Date(budget.nextSlotAt))}.`
          : ""}
      </p>
    </section>
  );
}

/** What the page says once the week's look-ups are spent (the server refuses in the same words). */
function spentMessage(budget: NonNullable<TrendRadarState["budget"]>): string {
  const next = budget.nextSlotAt
    ? ` The next one frees up on ${dateFormat.format(new Date(budget.nextSlotAt))}.`
    : "";
  return `You have used all ${budget.limit} hashtag look-ups Instagram allows in 7 days.${next} A hashtag looked up this week can still be tracked.`;
}

function TrackForm({ state }: { state: TrendRadarState }) {
  const inputId = useId();
  const [name, setName] = useState("");
  const track = useTrackHashtag();
  const limit = planLimits[state.plan].trendHashtags;
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
            ? `The ${planNames[state.plan]} plan can track up to ${limit} hashtags. Upgrade to ${planNames[next]} to track up to ${planLimits[next].trendHashtags}.`
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

/**
 * One figure with its unit: at phone width a row (label and unit left, number right), from
 * `sm` up a tile of a three-column grid.
 */
function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="grid min-w-0 grid-cols-[1fr_auto] items-center gap-x-3 rounded-xl bg-slate-50 px-3 py-2 sm:block sm:p-3">
      <dt className="text-xs leading-4 text-slate-600">{label}</dt>
      <dd className="col-start-2 row-span-2 row-start-1 text-lg font-semibold text-slate-900 sm:mt-1">
        {value}
      </dd>
      <dd className="text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

function HashtagCard({ hashtag }: { hashtag: TrackedHashtag }) {
  const untrack = useUntrackHashtag();
  const stats = hashtag.stats;
  return (
    <article
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
      data-testid="tracked-hashtag"
      aria-label={`#${hashtag.name}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="truncate text-base font-semibold text-slate-900">#{hashtag.name}</h3>
          {stats ? <TrendBadge label={stats.label as TrendLabel} /> : null}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 text-slate-500 hover:text-rose-700"
          aria-label={`Stop tracking #${hashtag.name}`}
          onClick={() => untrack.mutate(hashtag.id)}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {hashtag.lastError ? (
        <p className="mt-2 text-sm font-medium text-rose-700">{hashtag.lastError}</p>
      ) : null}
      {stats ? (
        <>
          <dl className="mt-4 grid gap-2 sm:grid-cols-3">
            <Figure
              label={"Posts, last 24\u00a0h"}
              value={numberFormat.format(stats.dailyVolume)}
              hint="recent media"
            />
            <Figure
              label="Median engagement"
              value={
                stats.medianTopEngagement === null
                  ? "—"
                  : compactFormat.format(stats.medianTopEngagement)
              }
              hint={`likes + comments, ${stats.topCount} top posts`}
            />
            <Figure
              label="Velocity"
              value={stats.velocity === null ? "new" : percentFormat.format(stats.velocity)}
              hint="last 12 h vs the 12 h before"
            />
          </dl>
          <p className="mt-3 text-xs text-slate-600" data-testid="trend-reason">
            {stats.reason} Sampled {dateFormat.format(new Date(stats.sampledAt))}.
          </p>
          {hashtag.topMedia.length > 0 ? (
            <ul
              className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-6"
              aria-label={`Top posts for #${hashtag.name}`}
            >
              {hashtag.topMedia.slice(0, 6).map((media) => (
                <li
                  key={media.id}
                  className="aspect-square overflow-hidden rounded-lg bg-slate-100"
                >
                  <a
                    href={media.permalink ?? undefined}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="block size-full"
                    title={media.caption}
                  >
                    {media.mediaUrl ? (
                      <img
                        src={`${MEDIA_PROXY}?src=${encodeURIComponent(media.mediaUrl)}`}
                        alt={
                          media.caption
                            ? media.caption.slice(0, 120)
                            : `A top post for #${hashtag.name}`
                        }
                        loading="lazy"
                        className="size-full object-cover"
                      />
                    ) : (
                      <span className="flex size-full items-center justify-center text-slate-400">
                        {media.mediaType === "VIDEO" ? (
                          <Play className="size-5" aria-hidden="true" />
                        ) : (
                          <ImageOff className="size-5" aria-hidden="true" />
                        )}
                        <span className="sr-only">
                          {media.mediaType === "VIDEO" ? "A video" : "No preview"}
                        </span>
                      </span>
                    )}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : hashtag.lastError ? null : (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Sampling top and recent posts…
        </p>
      )}
    </article>
  );
}

function Suggestions({ state }: { state: TrendRadarState }) {
  const suggestions = useTrendSuggestions();
  const track = useTrackHashtag();
  if (suggestions.isPending) return <div className="h-40 animate-pulse rounded-2xl bg-slate-100" />;
  if (suggestions.isError) return null;
  const { bestPosts, ideas } = suggestions.data;
  const limit = planLimits[state.plan].trendHashtags;
  const canTrack = (tag: string) =>
    state.hashtags.length < limit &&
    !state.blocker &&
    // Once the week's look-ups are spent, only a hashtag already looked up can be added.
    (state.budget?.remaining !== 0 || state.budget.counted.includes(tag));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section
        className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
        aria-labelledby="best-heading"
      >
        <h2 id="best-heading" className="text-base font-semibold text-slate-900">
          Hashtags of your best posts
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {bestPosts.sampleSize === 0
            ? "Once your posts have synced, the hashtags of your best ones show here."
            : `Used together in your ${bestPosts.sampleSize} best posts (by likes and comments, of ${bestPosts.postCount} synced).`}
        </p>
        {bestPosts.hashtags.length > 0 ? (
          <ul className="mt-4 flex flex-wrap gap-2">
            {bestPosts.hashtags.map((entry) => (
              <li
                key={entry.tag}
                className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm"
              >
                <span className="font-medium text-slate-900">#{entry.tag}</span>
                <span className="text-xs text-slate-600">
                  in {entry.posts} of {bestPosts.sampleSize}
                </span>
                {canTrack(entry.tag) ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="h-7 rounded-full px-2"
                    aria-label={`Track #${entry.tag}`}
                    disabled={track.isPending}
                    onClick={() => track.mutate(entry.tag)}
                  >
                    <Plus aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : bestPosts.sampleSize > 0 ? (
          <p className="mt-3 text-sm text-slate-600">
            No hashtag appears in more than one of them.
          </p>
        ) : null}
        {track.isError ? (
          <p className="mt-3 text-sm font-medium text-red-700">{errorMessage(track.error)}</p>
        ) : null}
      </section>
      <section
        className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
        aria-labelledby="ideas-heading"
      >
        <h2 id="ideas-heading" className="text-base font-semibold text-slate-900">
          Ideas from rising hashtags
        </h2>
        {ideas.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">
            When a hashtag you track is rising, a post idea with it and the hashtags its top posts
            use shows here.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {ideas.map((idea) => (
              <li key={idea.hashtag} className="rounded-xl bg-emerald-50/60 p-3">
                <p className="text-sm font-medium text-slate-900">
                  Post with #{idea.hashtag} while it is rising
                </p>
                <p className="mt-1 text-xs text-slate-600">{idea.reason}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {idea.hashtags.map((tag) => `#${tag}`).join(" ")}
                </p>
                <Link
                  to={composerLink(idea.hashtags)}
                  className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-2")}
                >
                  <PenSquare aria-hidden="true" />
                  Open in composer
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function TrendRadarView() {
  const state = useTrendRadar();
  const refresh = useRefreshTrendRadar();
  const queryClient = useQueryClient();
  useRealtimeEvent("trend-radar:updated", () => {
    void queryClient.invalidateQueries({ queryKey: trendRadarQueryKey });
  });
  if (state.isPending) {
    return (
      <div className="mx-auto max-w-6xl space-y-4" role="status" aria-label="Loading Trend Radar">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="h-40 animate-pulse rounded-2xl bg-slate-100" />
          <div className="h-40 animate-pulse rounded-2xl bg-slate-100" />
        </div>
        <div className="h-72 animate-pulse rounded-2xl bg-slate-100" />
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
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 max-w-xl text-sm text-slate-600">
          How the hashtags of your niche move: posting volume, engagement of their top posts and
          whether each one is rising, steady or cooling. Sampled every hour.
        </p>
        <Button
          size="sm"
          variant="outline"
          disabled={refresh.isPending || data.hashtags.length === 0 || Boolean(data.blocker)}
          onClick={() => refresh.mutate()}
        >
          <RefreshCw className={cn(refresh.isPending && "animate-spin")} aria-hidden="true" />
          Sample now
        </Button>
      </div>
      {data.blocker ? (
        <div
          role="note"
          className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <p>{data.blocker}</p>
          <Link
            to={paths.settingsInstagramLogin}
            className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-3")}
          >
            {data.blockerKind === "switch_to_facebook"
              ? "Switch to Facebook Login in Settings"
              : data.blockerKind === "connect"
                ? "Connect with Facebook in Settings"
                : "Go to Settings"}
          </Link>
        </div>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <TrackForm state={data} />
          <BudgetCard state={data} />
        </div>
      )}
      {data.hashtags.length === 0 && data.blocker ? null : data.hashtags.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <TrendingUp className="mx-auto size-8 text-brand-600" aria-hidden="true" />
          <p className="mt-3 text-sm font-medium text-slate-900">
            You are not tracking any hashtags yet.
          </p>
          <p className="mt-1 text-sm text-slate-600">
            Track one above, or pick one from the hashtags of your best posts below.
          </p>
        </div>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          {data.hashtags.map((hashtag) => (
            <HashtagCard key={hashtag.id} hashtag={hashtag} />
          ))}
        </div>
      )}
      <Suggestions state={data} />
    </div>
  );
}
