import { type PostType, postTypeLabels } from "@sightline/contracts";
import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { paths } from "../../../config/paths.ts";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { type ScheduledPost, useScheduledPosts } from "../api/list-scheduled-posts.ts";

export const UPCOMING_POSTS = 5;

/** The next posts due to go out (scheduled, in the future), soonest first. */
export function nextScheduled(posts: ScheduledPost[], now: number, count = UPCOMING_POSTS) {
  return posts
    .filter((post) => post.status === "scheduled" && Date.parse(post.scheduled_time) > now)
    .sort((a, b) => Date.parse(a.scheduled_time) - Date.parse(b.scheduled_time))
    .slice(0, count);
}

/** The post's type as it will go out (a carousel of images is a Carousel, not its first item). */
export function upcomingTypeLabel(post: {
  post_type: PostType | null;
  media_type: string;
}): string {
  if (post.post_type) return postTypeLabels[post.post_type];
  return post.media_type === "video" ? "Video" : "Image";
}

/** Dashboard widget: the next 5 scheduled posts (issue 16 point 1). */
export function UpcomingPosts() {
  const query = useScheduledPosts();
  const format = useFormatDateTime();
  return (
    <section
      aria-labelledby="upcoming-posts"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id="upcoming-posts" className="font-semibold text-slate-900">
          Next scheduled posts
        </h3>
        <Link
          to={paths.contentScheduler}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          Content Scheduler
        </Link>
      </div>
      {query.isPending ? (
        <SkeletonGroup label="Loading scheduled posts" className="mt-3 space-y-2">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-10" />
          ))}
        </SkeletonGroup>
      ) : query.isError ? (
        <QueryError
          variant="inline"
          message="The scheduled posts could not be loaded."
          onRetry={query.refetch}
          className="mt-3"
        />
      ) : (
        (() => {
          const next = nextScheduled(query.data.posts, Date.now());
          if (next.length === 0) {
            return (
              <p className="mt-3 text-sm text-slate-500">
                Nothing is scheduled. Posts you schedule appear here, soonest first.
              </p>
            );
          }
          return (
            <ol className="mt-2 divide-y divide-slate-100" data-testid="upcoming-posts">
              {next.map((post) => (
                <li key={post.id} className="flex items-center gap-3 py-2 text-sm">
                  <CalendarClock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-slate-800">{post.caption || "No caption"}</p>
                    <p className="text-xs text-slate-500">
                      <time dateTime={post.scheduled_time}>
                        {format(post.scheduled_time, { dateStyle: "medium", timeStyle: "short" })}
                      </time>
                      {" · "}
                      {upcomingTypeLabel(post)}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          );
        })()
      )}
    </section>
  );
}
