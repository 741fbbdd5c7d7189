import {
  type ApprovalState,
  approvalStateLabels,
  MAX_REVIEW_COMMENT_LENGTH,
  MAX_REVIEWER_NAME_LENGTH,
  type ReviewLinkView,
} from "@sightline/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, CircleAlert, MessageSquareWarning } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { DocumentTitle } from "../../../components/document-title.tsx";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label, Textarea } from "../../../components/ui/input.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import { LogoCardPage } from "../../../components/ui/logo-card-page.tsx";
import { paths } from "../../../config/paths.ts";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { decideReviewLink, reviewLinkQueryOptions } from "../api/review-link.ts";
import { ApprovalBadge } from "./approval-badge.tsx";

/*
 * A review link's page (issue 33 point 2, decision 037): someone without a Sightline account
 * sees one post as it will look on Instagram and approves it or asks for changes, under their
 * name. A link that does not work shows why, and nothing of the post.
 */

const PAGE_TITLE = "Review a post · Sightline";

function Problem({ message }: { message: string }) {
  return (
    <LogoCardPage home={paths.home}>
      <DocumentTitle>{PAGE_TITLE}</DocumentTitle>
      <div role="alert" className="text-center">
        <CircleAlert aria-hidden="true" className="mx-auto size-10 text-amber-600" />
        <h1 className="mt-4 text-lg font-semibold text-slate-900">This link does not work</h1>
        <p className="mt-2 text-sm text-slate-600">{message}</p>
      </div>
    </LogoCardPage>
  );
}

function formatWhen(review: ReviewLinkView) {
  // dateStyle cannot be combined with timeZoneName: the zone is named after it.
  const at = dateTimeFormat("en-US", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: review.time_zone,
  }).format(new Date(review.scheduled_time));
  return `${at} (${review.time_zone.replace(/_/g, " ")})`;
}

const outcomeWords: Partial<Record<ApprovalState, string>> = {
  approved: "This post is approved. Nothing more to do here.",
  changes_requested:
    "Changes were asked for. The team will send the post again once it is updated.",
  draft: "The team took this post back to keep working on it.",
};

/** /review?token=…: the post, and Approve or Request changes. */
export function ReviewLanding({ preview }: { preview: (review: ReviewLinkView) => ReactNode }) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const query = useQuery({ ...reviewLinkQueryOptions(token), enabled: token !== "" });
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [comment, setComment] = useState("");
  const [problem, setProblem] = useState<{ field?: "name" | "comment"; message: string }>();
  const [busy, setBusy] = useState<"approve" | "request_changes" | null>(null);
  const [decided, setDecided] = useState<string | null>(null);
  const id = useId();

  if (token === "")
    return <Problem message="This review link is incomplete. Check that you copied all of it." />;
  if (query.isError) return <Problem message={errorMessage(query.error)} />;

  const review = query.data?.review;
  const decide = async (decision: "approve" | "request_changes") => {
    if (name.trim() === "") {
      setProblem({ field: "name", message: "Enter your name." });
      return;
    }
    if (decision === "request_changes" && comment.trim() === "") {
      setProblem({ field: "comment", message: "Say what should change." });
      return;
    }
    setProblem(undefined);
    setBusy(decision);
    try {
      const answer = await decideReviewLink({
        token,
        name: name.trim(),
        decision,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      queryClient.setQueryData(reviewLinkQueryOptions(token).queryKey, answer);
      setDecided(
        decision === "approve"
          ? `Thank you, ${name.trim()}. You approved this post.`
          : `Thank you, ${name.trim()}. The team will see what you asked for.`,
      );
    } catch (error) {
      setProblem({ message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <main className="min-h-dvh bg-slate-50 px-4 py-8 sm:py-12">
      <DocumentTitle>{PAGE_TITLE}</DocumentTitle>
      <div className="mx-auto w-full max-w-4xl">
        <Link to={paths.home} aria-label="Sightline" className="inline-block">
          <Logo />
        </Link>
        {!review ? (
          <div
            role="status"
            aria-label="Loading the post"
            className="mt-8 grid gap-8 md:grid-cols-[380px_minmax(0,1fr)]"
          >
            <Skeleton className="aspect-square w-full rounded-xl" />
            <div className="space-y-3">
              <Skeleton className="h-7 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          </div>
        ) : (
          <div className="mt-8 grid items-start gap-8 md:grid-cols-[380px_minmax(0,1fr)]">
            {/* The post first, on phones too: the reviewer sees it before the buttons. */}
            <div>{preview(review)}</div>
            <section
              aria-labelledby={`${id}-title`}
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h1 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
                  Review this post
                </h1>
                <ApprovalBadge state={review.state} />
              </div>
              <p className="mt-2 text-sm text-slate-700">
                {review.workspace_name} asks for your approval
                {review.account_username ? ` of a post for @${review.account_username}` : ""}.
              </p>
              <dl className="mt-4 space-y-1 text-sm">
                <div className="flex flex-wrap gap-x-2">
                  <dt className="font-medium text-slate-900">Planned for</dt>
                  <dd className="text-slate-700">{formatWhen(review)}</dd>
                </div>
                <div className="flex flex-wrap gap-x-2">
                  <dt className="font-medium text-slate-900">Link works until</dt>
                  <dd className="text-slate-700">
                    {dateTimeFormat("en-US", { dateStyle: "medium" }).format(
                      new Date(review.expires_at),
                    )}
                  </dd>
                </div>
              </dl>

              {decided && (
                <p
                  role="status"
                  className="mt-5 flex gap-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-900"
                >
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {decided}
                </p>
              )}
              {!decided && review.state !== "in_review" && (
                <p className="mt-5 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
                  {outcomeWords[review.state] ?? approvalStateLabels[review.state]}
                </p>
              )}
              {!decided && review.state === "in_review" && (
                <form
                  className="mt-6 space-y-4"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void decide("approve");
                  }}
                >
                  <div>
                    <Label htmlFor={`${id}-name`}>Your name</Label>
                    <Input
                      id={`${id}-name`}
                      className="mt-1.5"
                      autoComplete="name"
                      maxLength={MAX_REVIEWER_NAME_LENGTH}
                      value={name}
                      onChange={(event) => setName(event.target.value)}
                      aria-invalid={problem?.field === "name" ? true : undefined}
                      aria-describedby={problem?.field === "name" ? `${id}-name-error` : undefined}
                    />
                    <FieldMessage id={`${id}-name-error`}>
                      {problem?.field === "name" ? problem.message : undefined}
                    </FieldMessage>
                  </div>
                  <div>
                    <Label htmlFor={`${id}-comment`}>
                      Comment{" "}
                      <span className="font-normal text-slate-600">
                        (needed to ask for changes)
                      </span>
                    </Label>
                    <Textarea
                      id={`${id}-comment`}
                      className="mt-1.5 min-h-24"
                      maxLength={MAX_REVIEW_COMMENT_LENGTH}
                      value={comment}
                      onChange={(event) => setComment(event.target.value)}
                      aria-invalid={problem?.field === "comment" ? true : undefined}
                      aria-describedby={
                        problem?.field === "comment" ? `${id}-comment-error` : undefined
                      }
                    />
                    <FieldMessage id={`${id}-comment-error`}>
                      {problem?.field === "comment" ? problem.message : undefined}
                    </FieldMessage>
                  </div>
                  {problem && !problem.field && (
                    <p
                      role="alert"
                      className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800"
                    >
                      {problem.message}
                    </p>
                  )}
                  <div className="grid gap-2 sm:grid-cols-2">
                    <Button type="submit" disabled={busy !== null}>
                      <CheckCircle2 aria-hidden="true" />
                      {busy === "approve" ? "Approving…" : "Approve"}
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      disabled={busy !== null}
                      onClick={() => void decide("request_changes")}
                    >
                      <MessageSquareWarning aria-hidden="true" />
                      {busy === "request_changes" ? "Sending…" : "Request changes"}
                    </Button>
                  </div>
                  <p className="text-xs text-slate-600">
                    Your name and comment are shown to the team with the post's history. This link
                    lets you review this one post and nothing else.
                  </p>
                </form>
              )}
            </section>
          </div>
        )}
      </div>
    </main>
  );
}
