import { postTypeLabels } from "@sightline/contracts";
import { Clapperboard, Film, Images, type LucideIcon, Image as PhotoIcon } from "lucide-react";
import { memo, useState } from "react";
import { cn } from "../../../utils/cn.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { cachedDateFormat, compactTime } from "../utils/format-cache.ts";
import { PostStateBadge, postStyle, reviewOf } from "./approval-status.tsx";
import type { CalendarActions } from "./calendar-context.ts";
import { DRAG_TYPE, isMovable, useCalendarActions } from "./calendar-context.ts";
import { CommentCount } from "./comment-count.tsx";

const typeIcons: Record<CalendarPost["type"], LucideIcon> = {
  IMAGE: PhotoIcon,
  CAROUSEL: Images,
  REEL: Clapperboard,
  VIDEO: Film,
};

/** The post's image, or its type's icon when it has none (or the image fails). */
export function PostThumbnail({ post, className }: { post: CalendarPost; className?: string }) {
  const [failed, setFailed] = useState(false);
  const Icon = typeIcons[post.type];
  if (!post.thumbnail_url || failed) {
    return (
      <span
        className={cn(
          "flex shrink-0 items-center justify-center rounded bg-slate-100 text-slate-500",
          className,
        )}
      >
        <Icon aria-hidden="true" className="size-1/2" />
      </span>
    );
  }
  return (
    <img
      src={post.thumbnail_url}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("shrink-0 rounded bg-slate-100 object-cover", className)}
    />
  );
}

export function timeLabel(iso: string, timeZone: string): string {
  return cachedDateFormat(timeZone, { hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

function accessibleName(
  post: CalendarPost,
  timeZone: string,
  approvals: CalendarActions["approvals"],
): string {
  const when = cachedDateFormat(timeZone, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(post.time),
  );
  const caption = post.caption ? `: ${post.caption.slice(0, 80)}` : "";
  return `${postStyle(post, approvals).label} ${postTypeLabels[post.type]}, ${when}${caption}`;
}

/** A post in a month cell or an hour row: thumbnail, time, type, status icon and word. */
export const PostChip = memo(function PostChip({ post }: { post: CalendarPost }) {
  const { timeZone, openPost, isWide, approvals } = useCalendarActions();
  const style = postStyle(post, approvals);
  const StatusIcon = style.icon;
  const TypeIcon = typeIcons[post.type];
  const movable = isMovable(post);
  return (
    <button
      type="button"
      data-testid="calendar-post"
      data-post-id={post.id}
      data-status={post.status}
      data-review={reviewOf(post, approvals)}
      draggable={movable}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, post.id);
        event.dataTransfer.effectAllowed = "move";
      }}
      onClick={(event) => {
        event.stopPropagation();
        openPost(post);
      }}
      aria-label={accessibleName(post, timeZone, approvals)}
      className={cn(
        "flex w-full min-w-0 items-center gap-0.5 overflow-hidden rounded-md border px-0.5 py-0.5 text-left text-[10px] sm:gap-1 sm:px-1 sm:text-xs",
        style.chip,
        movable && "cursor-grab active:cursor-grabbing",
      )}
    >
      {/* Phones' month cells are too narrow for it; the list view (their default) shows it. */}
      <PostThumbnail post={post} className="hidden size-5 sm:flex" />
      <StatusIcon aria-hidden="true" className="size-3 shrink-0 sm:size-3.5" />
      {/* Below 640 px a month cell is about 50 px wide: the time in five characters. */}
      <span className="min-w-0 truncate font-medium tabular-nums sm:hidden">
        {compactTime(new Date(post.time), timeZone)}
      </span>
      <span className="hidden min-w-0 truncate font-medium tabular-nums sm:inline">
        {timeLabel(post.time, timeZone)}
      </span>
      {/* Narrow cells show the type as its icon (from 640 px); the word from 1280 px; always in
          the name. Only one is drawn: a week holds hundreds of chips. */}
      {isWide ? (
        <span className="truncate">{postTypeLabels[post.type]}</span>
      ) : (
        <TypeIcon aria-hidden="true" className="hidden size-3.5 shrink-0 sm:block" />
      )}
      {isWide && post.source === "scheduled" ? (
        <CommentCount postId={post.id} className="ml-auto pl-0.5" />
      ) : null}
    </button>
  );
});

/** A post in the list view: larger, with its caption and a Move to… action. */
export const PostRow = memo(function PostRow({
  post,
  measureRef,
}: {
  post: CalendarPost;
  /** The list view measures drawn rows (it draws only those near the screen). */
  measureRef?: (element: HTMLElement | null) => void;
}) {
  const { timeZone, openPost, startMove, approvals } = useCalendarActions();
  return (
    <li
      ref={measureRef}
      data-row-key={post.id}
      data-testid="calendar-list-post"
      data-post-id={post.id}
      className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 last:border-b-0"
    >
      <PostThumbnail post={post} className="size-12" />
      <button
        type="button"
        onClick={() => openPost(post)}
        className="min-w-0 flex-1 text-left"
        aria-label={accessibleName(post, timeZone, approvals)}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold tabular-nums text-slate-900">
            {timeLabel(post.time, timeZone)}
          </span>
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
            {postTypeLabels[post.type]}
          </span>
          <PostStateBadge post={post} approvals={approvals} />
          {post.source === "scheduled" ? (
            <CommentCount postId={post.id} className="text-xs" />
          ) : null}
        </span>
        <span className="mt-1 block truncate text-sm text-slate-600">
          {post.caption || "No caption"}
        </span>
      </button>
      {isMovable(post) ? (
        <button
          type="button"
          onClick={() => startMove(post)}
          className="shrink-0 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-800 hover:bg-slate-50"
        >
          Move to…
        </button>
      ) : null}
    </li>
  );
});
