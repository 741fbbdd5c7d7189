import type { TrendLabel } from "@sightline/contracts";
import { ImageOff, Loader2, Play, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";
import type { TrackedHashtag } from "../api/get-trend-radar.ts";
import { useKeepHashtag } from "../api/keep-hashtag.ts";
import { useUntrackHashtag } from "../api/untrack-hashtag.ts";
import { compactFormat, dateFormat, numberFormat, percentFormat } from "../utils/trend-formats.ts";
import { Figure } from "./figure.tsx";
import { TrendBadge } from "./trend-badge.tsx";

const MEDIA_PROXY = "/api/functions/instagram-media-proxy";

/** One tracked hashtag: its trend, figures, why, and its top posts. */
export function HashtagCard({ hashtag }: { hashtag: TrackedHashtag }) {
  const untrack = useUntrackHashtag();
  const keep = useKeepHashtag();
  // Issue 29: a role without "radars:write" reads the radar without its edit controls.
  const canEdit = useCan("radars:write");
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
        {canEdit && (
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-slate-500 hover:text-rose-700"
            aria-label={`Stop tracking #${hashtag.name}`}
            onClick={() => untrack.mutate(hashtag.id)}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
      {hashtag.pausedReason ? (
        <div
          className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="hashtag-paused"
        >
          <span>{hashtag.pausedReason}</span>
          {canEdit && (
            <Button
              variant="outline"
              size="sm"
              disabled={keep.isPending}
              onClick={() => keep.mutate(hashtag.id)}
            >
              Keep sampling #{hashtag.name}
            </Button>
          )}
        </div>
      ) : null}
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
