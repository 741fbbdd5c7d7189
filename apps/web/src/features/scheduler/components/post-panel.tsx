import { type ApprovalState, postTypeLabels } from "@sightline/contracts";
import {
  BarChart3,
  CalendarClock,
  Copy,
  ExternalLink,
  Pencil,
  RotateCcw,
  Send,
  Trash2,
  Undo2,
} from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { paths } from "../../../config/paths.ts";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { toast } from "../../../lib/toast.ts";
import { useCancelPost } from "../api/cancel-post.ts";
import { useDeletePost } from "../api/delete-post.ts";
import { useDuplicatePost } from "../api/duplicate-post.ts";
import { type CalendarDraft, useCalendarPost } from "../api/get-calendar-post.ts";
import { type PostAttempts, usePostAttempts } from "../api/get-post-attempts.ts";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { usePostApproval } from "../api/post-approval.ts";
import { usePublishPostNow } from "../api/publish-post-now.ts";
import { useRetryPost } from "../api/retry-post.ts";
import { ApprovalPanel } from "./approval-panel.tsx";
import { isMovable } from "./calendar-context.ts";
import { PostThumbnail } from "./calendar-post.tsx";
import { PostComments } from "./post-comments.tsx";
import { StatusBadge } from "./post-status.tsx";

function when(iso: string, timeZone: string): string {
  return dateTimeFormat(undefined, {
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

/** A post not yet out (or failed) can be edited in the composer. */
function isEditable(status: CalendarPost["status"]): boolean {
  return status === "draft" || status === "scheduled" || status === "failed";
}

function DeleteButton({ post, onDone }: { post: CalendarPost; onDone: () => void }) {
  const [isConfirming, setConfirming] = useState(false);
  const remove = useDeletePost();
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

function Attempts({ data, timeZone }: { data: PostAttempts; timeZone: string }) {
  if (data.attempts.length === 0) {
    return <p className="text-slate-500">No attempt yet: it goes out at its time.</p>;
  }
  const format = (iso: string) =>
    dateTimeFormat(undefined, {
      timeZone,
      dateStyle: "short",
      timeStyle: "medium",
    }).format(new Date(iso));
  return (
    <ol className="space-y-2" data-testid="post-attempts">
      {data.attempts.map((attempt) => (
        <li
          key={`${attempt.attempt}-${attempt.at}-${attempt.step}`}
          className="rounded-lg border border-slate-200 px-3 py-2"
        >
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
            <span>Attempt {attempt.attempt}</span>
            <time dateTime={attempt.at}>{format(attempt.at)}</time>
          </p>
          <p className="mt-0.5 text-sm">
            <span className="font-medium text-slate-900">{attempt.step}</span>{" "}
            <span
              className={
                attempt.outcome === "failed" ? "font-semibold text-red-700" : "text-slate-600"
              }
            >
              {attempt.outcome}
            </span>
          </p>
          {attempt.message ? (
            <p className="mt-0.5 break-words text-sm text-slate-700">{attempt.message}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

type OnEdit = (draft: CalendarDraft, approvalState: ApprovalState | undefined) => void;

function PostActions({
  post,
  draft,
  onMove,
  onClose,
  onOpen,
  onEdit,
}: {
  post: CalendarPost;
  draft: CalendarDraft | undefined;
  onMove: (post: CalendarPost) => void;
  onClose: () => void;
  onOpen: (post: CalendarPost) => void;
  onEdit: OnEdit | undefined;
}) {
  const cancel = useCancelPost();
  const publishNow = usePublishPostNow();
  const duplicate = useDuplicatePost();
  const retry = useRetryPost();
  const isMine = post.source === "scheduled";
  // The composer needs the review state to offer Schedule or "Send for approval" (decision 037).
  const approval = usePostApproval(onEdit && isMine ? post.id : undefined);
  return (
    <>
      {onEdit && isMine && isEditable(post.status) ? (
        <Button
          variant="outline"
          disabled={!draft}
          onClick={() => {
            if (!draft) return;
            onClose();
            onEdit(draft, approval.data?.post.approval_state as ApprovalState | undefined);
          }}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      {isMovable(post) ? (
        <Button variant="outline" onClick={() => onMove(post)}>
          <CalendarClock aria-hidden="true" />
          Move to…
        </Button>
      ) : null}
      {isMine && (post.status === "scheduled" || post.status === "draft") ? (
        <Button
          variant="outline"
          disabled={publishNow.isPending}
          onClick={() =>
            publishNow.mutate(post.id, { onSuccess: () => toast.success("Publishing now") })
          }
        >
          <Send aria-hidden="true" />
          Publish now
        </Button>
      ) : null}
      {isMine && post.status === "failed" ? (
        <Button
          disabled={retry.isPending}
          onClick={() => retry.mutate(post.id, { onSuccess: () => toast.success("Retrying") })}
        >
          <RotateCcw aria-hidden="true" />
          Retry
        </Button>
      ) : null}
      {isMine && post.status === "scheduled" ? (
        <Button
          variant="outline"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(post.id, { onSuccess: () => toast.success("Back to draft") })
          }
        >
          <Undo2 aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
      {isMine ? (
        <Button
          variant="outline"
          disabled={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(post.id, {
              onSuccess: (data) => {
                toast.success("Duplicated as a draft");
                onOpen(data.post);
              },
            })
          }
        >
          <Copy aria-hidden="true" />
          Duplicate
        </Button>
      ) : null}
      {isMine && post.status !== "publishing" && post.status !== "published" ? (
        <DeleteButton post={post} onDone={onClose} />
      ) : null}
    </>
  );
}

/** The side panel of one post: the whole draft or the synced post, and what can be done now. */
export function PostPanel({
  post: opened,
  timeZone,
  onClose,
  onMove,
  onOpen,
  onEdit,
}: {
  post: CalendarPost | undefined;
  timeZone: string;
  onClose: () => void;
  onMove: (post: CalendarPost) => void;
  onOpen: (post: CalendarPost) => void;
  onEdit?: OnEdit | undefined;
}) {
  const ownId = opened?.source === "scheduled" ? opened.id : undefined;
  const draft = useCalendarPost(ownId);
  const attempts = usePostAttempts(ownId);
  // The post's own read follows it wherever it moves (Publish now makes it due today, maybe
  // outside the range on screen): its status and time are what the panel shows.
  const fresh = draft.data?.post;
  const post =
    opened && fresh && fresh.id === opened.id
      ? {
          ...opened,
          status: fresh.status,
          time: fresh.time,
          permalink: fresh.permalink,
          ig_media_id: fresh.ig_media_id,
        }
      : opened;
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
              <PostActions
                post={post}
                draft={fresh}
                onMove={onMove}
                onClose={onClose}
                onOpen={onOpen}
                onEdit={onEdit}
              />
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

            {ownId ? <ApprovalPanel postId={ownId} timeZone={timeZone} /> : null}
            {ownId ? <PostComments postId={ownId} timeZone={timeZone} /> : null}
            {attempts.data?.post.error && post.status === "failed" ? (
              <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {attempts.data.post.error}
              </div>
            ) : null}
            {post.source === "instagram" ? (
              <Section title="Caption">
                <p className="whitespace-pre-wrap break-words">{post.caption || "No caption"}</p>
              </Section>
            ) : draft.isPending ? (
              <SkeletonGroup label="Loading the draft" className="space-y-3">
                <div className="grid grid-cols-3 gap-2">
                  <Skeleton className="aspect-square" />
                  <Skeleton className="aspect-square" />
                </div>
                <Skeleton className="h-4 w-3/4 rounded" />
                <Skeleton className="h-4 w-1/2 rounded" />
              </SkeletonGroup>
            ) : draft.isError ? (
              <QueryError variant="inline" error={draft.error} onRetry={draft.refetch} />
            ) : (
              <DraftDetails draft={draft.data.post} />
            )}
            {ownId ? (
              <Section title="Publishing attempts">
                {attempts.data ? (
                  <Attempts data={attempts.data} timeZone={timeZone} />
                ) : attempts.isError ? (
                  <p className="text-red-700">{attempts.error.message}</p>
                ) : (
                  <Skeleton className="h-10" />
                )}
              </Section>
            ) : null}
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
