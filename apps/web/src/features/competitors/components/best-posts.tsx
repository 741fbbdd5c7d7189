import { ExternalLink, Heart, MessageCircle } from "lucide-react";
import type { CompetitorsState } from "../api/get-competitors.ts";
import { dateTimeFormat, formatCount, formatLabels } from "../utils/competitor-formats.ts";

/** The period's posts with the most likes plus comments, the account's own among them. */
export function BestPosts({ state }: { state: CompetitorsState }) {
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs"
      aria-labelledby="best-posts-heading"
    >
      <h2 id="best-posts-heading" className="text-sm font-semibold text-slate-900">
        Best posts of the period
      </h2>
      {state.bestPosts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No posts with visible likes in this period.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100" data-testid="best-posts">
          {state.bestPosts.map((post) => (
            <li key={post.id} className="flex gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                  <span className="font-medium text-slate-900">@{post.username}</span>
                  <span>{formatLabels[post.format]}</span>
                  <span>{dateTimeFormat.format(new Date(post.postedAt))}</span>
                </p>
                <p className="mt-1 line-clamp-2 break-words text-sm text-slate-800">
                  {post.caption || "No caption"}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-3 text-xs text-slate-600">
                  <span className="inline-flex items-center gap-1">
                    <Heart className="size-3.5" aria-hidden="true" />
                    {formatCount(post.likeCount)}
                    <span className="sr-only">likes</span>
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <MessageCircle className="size-3.5" aria-hidden="true" />
                    {formatCount(post.commentsCount)}
                    <span className="sr-only">comments</span>
                  </span>
                </p>
              </div>
              {post.permalink ? (
                <a
                  href={post.permalink}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="mt-1 shrink-0 text-slate-500 hover:text-slate-900"
                  aria-label={`Open @${post.username}'s post on Instagram`}
                >
                  <ExternalLink className="size-4" aria-hidden="true" />
                </a>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
