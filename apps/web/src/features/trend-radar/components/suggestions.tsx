import { planCapabilities } from "@sightline/contracts";
import { PenSquare, Plus } from "lucide-react";
import { Link } from "react-router";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Button, buttonVariants } from "../../../components/ui/button.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";
import { cn } from "../../../utils/cn.ts";
import type { TrendRadarState } from "../api/get-trend-radar.ts";
import { useTrendSuggestions } from "../api/get-trend-suggestions.ts";
import { useTrackHashtag } from "../api/track-hashtag.ts";
import { composerLink } from "../utils/composer-link.ts";

/** Hashtags of the user's best posts to track, and post ideas from rising hashtags. */
export function Suggestions({ state }: { state: TrendRadarState }) {
  const suggestions = useTrendSuggestions();
  const track = useTrackHashtag();
  const canEdit = useCan("radars:write");
  if (suggestions.isPending) return <Skeleton className="h-40 rounded-2xl" />;
  if (suggestions.isError) return null;
  const { bestPosts, ideas } = suggestions.data;
  const limit = planCapabilities[state.plan].trendHashtags;
  const canTrack = (tag: string) =>
    canEdit &&
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
