import { approvalStateLabels } from "@sightline/contracts";
import { CheckCircle2, ClipboardCheck, Copy, Link2, MessageSquareWarning } from "lucide-react";
import { useId, useState } from "react";
import { errorMessage } from "../../../components/feedback/error-message.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Textarea } from "../../../components/ui/input.tsx";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { toast } from "../../../lib/toast.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import {
  useDecideApproval,
  usePostApproval,
  useShareForReview,
  useSubmitForApproval,
} from "../api/post-approval.ts";
import { reviewStyles } from "./approval-status.tsx";

function formatAt(iso: string, timeZone: string) {
  return dateTimeFormat(undefined, {
    timeZone,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

const actionWords = {
  submit: "sent it for approval",
  approve: "approved it",
  request_changes: "asked for changes",
  withdraw: "took it out of review",
} as const;

/**
 * The panel's approval block (decision 037): the post's review state, Send for approval, Share
 * for review (a link for someone without an account), a reviewer's decision, and the history.
 */
export function ApprovalPanel({ postId, timeZone }: { postId: string; timeZone: string }) {
  const approval = usePostApproval(postId);
  const submit = useSubmitForApproval();
  const share = useShareForReview();
  const decide = useDecideApproval();
  const canPublish = useCan("publish");
  const [url, setUrl] = useState<string>();
  const [comment, setComment] = useState("");
  const id = useId();
  if (!approval.data) return null;
  const { post, history, approval_required: required, can_review: canReview } = approval.data;
  const state = post.approval_state as keyof typeof approvalStateLabels;
  if (!required && state === "draft" && history.length === 0) return null;

  // A draft never sent, or sent back for changes (an approved post needs nothing more).
  const canSubmit =
    canPublish &&
    required &&
    post.status === "draft" &&
    (state === "draft" || state === "changes_requested");
  const fail = (error: unknown) => toast.error(errorMessage(error));

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 p-4">
      <h3
        id={`${id}-title`}
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        <ClipboardCheck aria-hidden="true" className="size-4 text-brand-700" />
        Approval: {approvalStateLabels[state]}
      </h3>
      {post.missed_slot ? (
        <p className="mt-2 rounded-lg bg-red-50 p-2.5 text-sm text-red-800" role="status">
          {reviewStyles.missed_slot.label}: its time passed before it was approved, so it was not
          published. {state === "approved" ? "Edit it and choose a new time to schedule it." : ""}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {canSubmit ? (
          <Button
            size="sm"
            disabled={submit.isPending}
            onClick={() =>
              submit.mutate(postId, {
                onSuccess: () => toast.success("Sent for approval"),
                onError: fail,
              })
            }
          >
            <ClipboardCheck aria-hidden="true" />
            Send for approval
          </Button>
        ) : null}
        {canPublish && state === "in_review" ? (
          <Button
            size="sm"
            variant="outline"
            disabled={share.isPending}
            onClick={() =>
              share.mutate(postId, { onSuccess: (made) => setUrl(made.url), onError: fail })
            }
          >
            <Link2 aria-hidden="true" />
            Share for review
          </Button>
        ) : null}
      </div>
      {url ? (
        <div className="mt-3">
          <label htmlFor={`${id}-url`} className="text-xs font-medium text-slate-700">
            Review link (works for 7 days; anyone with it can approve this post)
          </label>
          <div className="mt-1 flex gap-2">
            <Input
              id={`${id}-url`}
              readOnly
              value={url}
              className="h-9 text-xs"
              data-testid="review-link"
            />
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(url)
                  .then(() => toast.success("Link copied"))
                  .catch(fail)
              }
            >
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
      ) : null}
      {canReview && state === "in_review" ? (
        <div className="mt-3 space-y-2">
          <label htmlFor={`${id}-comment`} className="text-xs font-medium text-slate-700">
            Comment (needed to ask for changes)
          </label>
          <Textarea
            id={`${id}-comment`}
            className="min-h-16"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ id: postId, decision: "approve" }, { onError: fail })}
            >
              <CheckCircle2 aria-hidden="true" />
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending}
              onClick={() =>
                decide.mutate(
                  { id: postId, decision: "request_changes", comment: comment.trim() },
                  { onError: fail },
                )
              }
            >
              <MessageSquareWarning aria-hidden="true" />
              Request changes
            </Button>
          </div>
        </div>
      ) : null}
      {history.length > 0 ? (
        <ol className="mt-3 space-y-1.5 border-t border-slate-100 pt-3 text-sm">
          {history.map((event) => (
            <li key={`${event.at}-${event.action}`} className="text-slate-700">
              <span className="font-medium text-slate-900">{event.actor}</span>
              {event.via_link ? " (review link)" : ""} {actionWords[event.action]}
              <span className="text-slate-500"> · {formatAt(event.at, timeZone)}</span>
              {event.comment ? (
                <span className="mt-0.5 block whitespace-pre-wrap break-words text-slate-600">
                  “{event.comment}”
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
