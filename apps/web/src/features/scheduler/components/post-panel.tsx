import { postTypeLabels } from "@sightline/contracts";
import { BarChart3, CalendarClock, ExternalLink, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { paths } from "../../../config/paths.ts";
import { useDeleteScheduledPost } from "../api/delete-scheduled-post.ts";
import { type CalendarDraft, useCalendarPost } from "../api/get-calendar-post.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { isMovable } from "./calendar-context.ts";
import { PostThumbnail } from "./calendar-post.tsx";
import { StatusBadge } from "./post-status.tsx";

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(new Date(iso));
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="mt-1.5 text-sm text-slate-800">{children}</div>
    </section>
  );
}

function DraftDetails({ draft }: { draft: CalendarDraft }) {
  return (
    <>
      <Section title={`Media (${draft.items.length})`}>
        <ul className="grid grid-cols-3 gap-2">
          {draft.items.map((item, index) => (
            <li key={item.url} className="space-y-1">
              {item.media_type === "image" ? (
                <img
                  src={item.url}
                  alt={`Item ${index + 1}`}
                  className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
                />
              ) : (
                // biome-ignore lint/a11y/useMediaCaption: the user's own draft video, no captions exist
                <video
                  src={item.url}
                  poster={item.cover_url ?? undefined}
                  controls
                  preload="metadata"
                  className="aspect-square w-full rounded-lg bg-slate-900 object-cover"
                />
              )}
              {item.cover_url ? <p className="text-xs text-slate-500">Custom cover</p> : null}
              {item.tags.length > 0 ? (
                <p className="text-xs text-slate-600">
                  Tagged: {item.tags.map((tag) => `@${tag.username}`).join(", ")}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Caption">
        <p className="whitespace-pre-wrap break-words">{draft.caption || "No caption"}</p>
      </Section>
      <Section title="Hashtags">
        {draft.hashtags.length > 0 ? (
          <p className="break-words text-brand-800">
            {draft.hashtags.map((tag) => `#${tag}`).join(" ")}
          </p>
        ) : (
          <p className="text-slate-500">None</p>
        )}
      </Section>
      <Section title="Collaborators">
        {draft.collaborators.length > 0 ? (
          <p>{draft.collaborators.map((name) => `@${name}`).join(", ")}</p>
        ) : (
          <p className="text-slate-500">None</p>
        )}
      </Section>
    </>
  );
}

function DeleteButton({ post, onDone }: { post: CalendarPost; onDone: () => void }) {
  const [isConfirming, setConfirming] = useState(false);
  const remove = useDeleteScheduledPost();
  if (!isConfirming) {
    return (
      <Button variant="outline" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
    );
  }
  return (
    <Button
      variant="destructive"
      disabled={remove.isPending}
      onClick={() =>
        remove.mutate(post.id, {
          onSuccess: () => {
            toast.success("Post deleted");
            onDone();
          },
        })
      }
    >
      <Trash2 aria-hidden="true" />
      Delete for good
    </Button>
  );
}

/** The side panel of one post: the whole draft or the synced post, and what can be done now. */
export function PostPanel({
  post,
  timeZone,
  onClose,
  onMove,
}: {
  post: CalendarPost | undefined;
  timeZone: string;
  onClose: () => void;
  onMove: (post: CalendarPost) => void;
}) {
  const draft = useCalendarPost(post?.source === "scheduled" ? post.id : undefined);
  return (
    <Sheet open={Boolean(post)} onOpenChange={(open) => !open && onClose()}>
      <SheetContent side="right" className="w-full max-w-md" closeLabel="Close post">
        {post ? (
          <div className="flex flex-col gap-5" data-testid="post-panel">
            <div className="flex items-start gap-3 pr-8">
              <PostThumbnail post={post} className="size-16" />
              <div className="min-w-0">
                <SheetTitle className="text-lg font-semibold text-slate-900">
                  {postTypeLabels[post.type]}
                </SheetTitle>
                <SheetDescription className="mt-0.5 text-sm text-slate-600">
                  {when(post.time, timeZone)}
                </SheetDescription>
                <StatusBadge status={post.status} className="mt-2" />
              </div>
            </div>

            <div className="flex flex-wrap gap-2">
              {isMovable(post) ? (
                <Button variant="outline" onClick={() => onMove(post)}>
                  <CalendarClock aria-hidden="true" />
                  Move to…
                </Button>
              ) : null}
              {post.source === "scheduled" && post.status === "scheduled" ? (
                <DeleteButton post={post} onDone={onClose} />
              ) : null}
              {post.permalink ? (
                <Button variant="outline" asChild>
                  <a href={post.permalink} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    View on Instagram
                  </a>
                </Button>
              ) : null}
              {post.ig_media_id ? (
                <Button variant="outline" asChild>
                  <Link
                    to={`${paths.postPerformance}?post=${encodeURIComponent(post.ig_media_id)}`}
                  >
                    <BarChart3 aria-hidden="true" />
                    Post performance
                  </Link>
                </Button>
              ) : null}
            </div>

            {post.source === "instagram" ? (
              <Section title="Caption">
                <p className="whitespace-pre-wrap break-words">{post.caption || "No caption"}</p>
              </Section>
            ) : draft.isPending ? (
              <div className="space-y-3" aria-busy="true">
                <span className="sr-only">Loading the draft</span>
                <div className="grid grid-cols-3 gap-2">
                  <div className="aspect-square animate-pulse rounded-lg bg-slate-100" />
                  <div className="aspect-square animate-pulse rounded-lg bg-slate-100" />
                </div>
                <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
                <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
              </div>
            ) : draft.isError ? (
              <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {draft.error.message}{" "}
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => draft.refetch()}
                >
                  Retry
                </button>
              </div>
            ) : (
              <DraftDetails draft={draft.data.post} />
            )}
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
