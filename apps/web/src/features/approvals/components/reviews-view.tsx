import { MAX_REVIEW_COMMENT_LENGTH } from "@sightline/contracts";
import { CheckCircle2, ClipboardCheck, MessageSquareWarning } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Label, Textarea } from "../../../components/ui/input.tsx";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { toast } from "../../../lib/toast.ts";
import { useDecideReview } from "../api/decide-review.ts";
import { type ReviewQueuePost, useReviews } from "../api/list-reviews.ts";
import { ApprovalBadge } from "./approval-badge.tsx";

/*
 * /reviews (issue 33 point 1, decision 037 addendum): the posts sent for approval, for members who
 * review. A Client's page in the app: each post as it will look, when it goes out, who sent it,
 * its comments, and Approve or Request changes. The preview and the comments come from other
 * features, so the route module passes them in.
 */

function formatAt(iso: string, timeZone: string, withZone = false) {
  const at = dateTimeFormat("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(iso));
  return withZone ? `${at} (${timeZone.replace(/_/g, " ")})` : at;
}

const actionWords = {
  submit: "sent it for approval",
  approve: "approved it",
  request_changes: "asked for changes",
  withdraw: "took it out of review",
} as const;

function DecisionForm({ post, onDecided }: { post: ReviewQueuePost; onDecided: () => void }) {
  const id = useId();
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<{ field?: "comment"; message: string }>();
  const decide = useDecideReview(onDecided);

  const submit = (decision: "approve" | "request_changes") => {
    const text = comment.trim();
    if (decision === "request_changes" && text === "") {
      setProblem({ field: "comment", message: "Say what should change." });
      return;
    }
    setProblem(undefined);
    decide.mutate(
      { id: post.id, decision, comment: text || undefined },
      {
        onSuccess: (outcome) => {
          setComment("");
          toast.success(
            decision === "approve" ? "You approved this post" : "Changes requested",
            outcome.note ? { description: outcome.note } : undefined,
          );
        },
        onError: (error) => setProblem({ message: errorMessage(error) }),
      },
    );
  };

  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit("approve");
      }}
    >
      <div>
        <Label htmlFor={`${id}-comment`}>
          Comment <span className="font-normal text-slate-600">(needed to ask for changes)</span>
        </Label>
        <Textarea
          id={`${id}-comment`}
          className="mt-1.5 min-h-20"
          maxLength={MAX_REVIEW_COMMENT_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-invalid={problem?.field === "comment" ? true : undefined}
          aria-describedby={problem?.field === "comment" ? `${id}-comment-error` : undefined}
        />
        <FieldMessage id={`${id}-comment-error`}>
          {problem?.field === "comment" ? problem.message : undefined}
        </FieldMessage>
      </div>
      {problem && !problem.field ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {problem.message}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="submit" disabled={decide.isPending}>
          <CheckCircle2 aria-hidden="true" />
          {decide.isPending && decide.variables?.decision === "approve" ? "Approving…" : "Approve"}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={decide.isPending}
          onClick={() => submit("request_changes")}
        >
          <MessageSquareWarning aria-hidden="true" />
          {decide.isPending && decide.variables?.decision === "request_changes"
            ? "Sending…"
            : "Request changes"}
        </Button>
      </div>
    </form>
  );
}

function ReviewCard({
  post,
  canReview,
  preview,
  comments,
  onDecided,
}: {
  post: ReviewQueuePost;
  canReview: boolean;
  preview: ReactNode;
  comments: ReactNode;
  onDecided: () => void;
}) {
  const id = useId();
  const waiting = post.approval_state === "in_review";
  const caption = post.caption.trim() || "Untitled post";
  const decisions = post.history.filter((event) => event.action !== "submit");
  return (
    <article
      aria-labelledby={`${id}-title`}
      data-testid="review-post"
      className="grid items-start gap-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:grid-cols-[minmax(0,380px)_minmax(0,1fr)]"
    >
      {/* The post first, on phones too: the reviewer sees it before the buttons. */}
      <div className="min-w-0">{preview}</div>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <ApprovalBadge state={post.approval_state} />
          {post.missed_slot ? (
            <span className="text-xs font-medium text-red-700">Its planned time has passed</span>
          ) : null}
        </div>
        <h3
          id={`${id}-title`}
          className="mt-2 line-clamp-2 break-words text-base font-semibold text-slate-900"
        >
          {caption}
        </h3>
        <dl className="mt-3 space-y-1 text-sm">
          {post.account_username ? (
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-slate-900">Account</dt>
              <dd className="text-slate-700">@{post.account_username}</dd>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-900">Planned for</dt>
            <dd className="text-slate-700">
              {formatAt(post.scheduled_time, post.time_zone, true)}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-900">Sent by</dt>
            <dd className="text-slate-700">
              {post.sent_by ?? "A former member"}
              {post.sent_at ? ` · ${formatAt(post.sent_at, post.time_zone)}` : ""}
            </dd>
          </div>
        </dl>
        {waiting && canReview ? <DecisionForm post={post} onDecided={onDecided} /> : null}
        {waiting && !canReview ? (
          <p className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
            Waiting for the client's or a named approver's decision.
          </p>
        ) : null}
        {decisions.length > 0 ? (
          <ol className="mt-4 space-y-1.5 border-t border-slate-100 pt-3 text-sm">
            {decisions.map((event) => (
              <li key={`${event.at}-${event.action}`} className="text-slate-700">
                <span className="font-medium text-slate-900">{event.actor}</span>
                {event.via_link ? " (review link)" : ""} {actionWords[event.action]}
                <span className="text-slate-500"> · {formatAt(event.at, post.time_zone)}</span>
                {event.comment ? (
                  <span className="mt-0.5 block whitespace-pre-wrap break-words text-slate-600">
                    “{event.comment}”
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
        <div className="mt-4">{comments}</div>
      </div>
    </article>
  );
}

export function ReviewsView({
  preview,
  comments,
  onDecided,
}: {
  /** The post as it will look on Instagram (the composer's preview). */
  preview: (post: ReviewQueuePost) => ReactNode;
  /** The post's comments between members. */
  comments: (post: ReviewQueuePost) => ReactNode;
  /** After a decision: what else on screen counts it (the bell). */
  onDecided: () => void;
}) {
  const reviews = useReviews();
  const id = useId();

  if (reviews.isPending) {
    return (
      <SkeletonGroup label="Loading the posts to review" className="mx-auto max-w-6xl space-y-4">
        <Skeleton className="h-5 w-80 max-w-full bg-slate-200" />
        <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-6 lg:grid-cols-[380px_minmax(0,1fr)]">
          <Skeleton className="aspect-square w-full rounded-xl" />
          <div className="space-y-3">
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        </div>
      </SkeletonGroup>
    );
  }
  if (reviews.isError) {
    return (
      <QueryError error={reviews.error} onRetry={reviews.refetch} className="mx-auto max-w-xl" />
    );
  }
  const { posts, can_review: canReview, decided_days: days } = reviews.data;
  const waiting = posts.filter((post) => post.approval_state === "in_review");
  const decided = posts.filter((post) => post.approval_state !== "in_review");
  const card = (post: ReviewQueuePost) => (
    <li key={post.id}>
      <ReviewCard
        post={post}
        canReview={canReview}
        preview={preview(post)}
        comments={comments(post)}
        onDecided={onDecided}
      />
    </li>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <p className="max-w-2xl text-sm text-slate-600">
        {canReview
          ? "Posts the team sent you for approval. Look at each as it will appear on Instagram, then approve it or say what should change."
          : "Posts sent for approval, and what clients and approvers decided."}
      </p>
      {posts.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title="Nothing to review" className="mt-6" size="panel">
          {canReview
            ? "No post is waiting for your approval. When the team sends you one, it appears here and in the bell."
            : "No post is waiting for approval."}
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby={`${id}-waiting`} className="mt-6">
            <h2 id={`${id}-waiting`} className="text-lg font-semibold text-slate-900">
              {canReview ? "Waiting for you" : "Waiting for review"}
              {waiting.length > 0 ? ` (${waiting.length})` : ""}
            </h2>
            {waiting.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">
                Nothing is waiting{canReview ? " for you" : ""} right now.
              </p>
            ) : (
              <ul className="mt-3 space-y-6">{waiting.map(card)}</ul>
            )}
          </section>
          {decided.length > 0 ? (
            <section aria-labelledby={`${id}-decided`} className="mt-10">
              <h2 id={`${id}-decided`} className="text-lg font-semibold text-slate-900">
                Decided in the last {days} days
              </h2>
              <ul className="mt-3 space-y-6">{decided.map(card)}</ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
