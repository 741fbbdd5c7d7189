import { z } from "zod";
import { scheduleRequestSchema } from "./instagram.ts";
import type { WorkspaceRole } from "./workspace-roles.ts";

/*
 * Post approvals (issue 33 points 1, 2 and 6; decision 037). With "posts need approval" on for
 * an account, a post goes draft → in review → approved (then scheduled or published as any
 * post) or changes requested, and back to review once the editor sends it again. The one table
 * of who may move a post from which state is `approvalTransition`: the server enforces it and
 * the web reads it to offer only the buttons that work.
 */

/** A post's approval state; a post never sent for approval has none ("draft"). */
export const approvalStates = ["draft", "in_review", "changes_requested", "approved"] as const;
export type ApprovalState = (typeof approvalStates)[number];

export const approvalActions = ["submit", "approve", "request_changes", "withdraw"] as const;
export type ApprovalAction = (typeof approvalActions)[number];

export const approvalStateLabels: Record<ApprovalState, string> = {
  draft: "Draft",
  in_review: "In review",
  changes_requested: "Changes requested",
  approved: "Approved",
};

/**
 * Who acts: a member (their role, and whether the workspace named them an approver) or someone
 * holding a review link (no account: a link approves or asks for changes, nothing else).
 */
export type ApprovalActor =
  | { kind: "member"; role: WorkspaceRole; isNamedApprover: boolean }
  | { kind: "link" };

/** Reviewers are members with the Client role, named approvers and review links' holders. */
export function isReviewer(actor: ApprovalActor): boolean {
  return actor.kind === "link" || actor.role === "client" || actor.isNamedApprover;
}

/** Editors, admins and owners write posts and send them for approval. */
function isAuthor(actor: ApprovalActor): boolean {
  return (
    actor.kind === "member" &&
    (actor.role === "owner" || actor.role === "admin" || actor.role === "editor")
  );
}

const moves: Record<ApprovalAction, { from: readonly ApprovalState[]; to: ApprovalState }> = {
  // Sent again after changes, or after an approved post was edited.
  submit: { from: ["draft", "changes_requested", "approved"], to: "in_review" },
  approve: { from: ["in_review"], to: "approved" },
  request_changes: { from: ["in_review"], to: "changes_requested" },
  // The editor takes a post out of review to keep working on it.
  withdraw: { from: ["in_review", "changes_requested"], to: "draft" },
};

export type ApprovalTransition =
  | { ok: true; to: ApprovalState }
  | { ok: false; reason: "role" | "state"; message: string };

/** Whether `actor` may take `action` on a post in `from`, and the state it leads to. */
export function approvalTransition(
  from: ApprovalState,
  action: ApprovalAction,
  actor: ApprovalActor,
): ApprovalTransition {
  const allowed =
    action === "submit" || action === "withdraw" ? isAuthor(actor) : isReviewer(actor);
  if (!allowed) {
    return {
      ok: false,
      reason: "role",
      message:
        action === "submit" || action === "withdraw"
          ? "Only editors, admins and owners send posts for approval."
          : "Only the workspace's clients and named approvers approve posts.",
    };
  }
  const move = moves[action];
  if (!move.from.includes(from)) {
    return {
      ok: false,
      reason: "state",
      message: `This post is ${approvalStateLabels[from].toLowerCase()}, so it cannot be ${
        {
          submit: "sent for approval",
          approve: "approved",
          request_changes: "sent back for changes",
          withdraw: "taken out of review",
        }[action]
      } now.`,
    };
  }
  return { ok: true, to: move.to };
}

/**
 * Sending a post's edited content for approval (the composer's Edit): a submit from any state
 * the table allows it, and from "in review" too, where it stays in review: the reviewers see the
 * new version, and the history says it was sent again.
 */
export function editedSubmitTransition(
  from: ApprovalState,
  actor: ApprovalActor,
): ApprovalTransition {
  const submit = approvalTransition(from, "submit", actor);
  if (from !== "in_review" || (!submit.ok && submit.reason === "role")) return submit;
  return { ok: true, to: "in_review" };
}

/** A post waiting for a reviewer: it never publishes, whatever its time says. */
export function isWaitingForApproval(state: ApprovalState): boolean {
  return state === "in_review" || state === "changes_requested";
}

/** A reviewer's page lists the posts waiting for them and those decided in these last days. */
export const REVIEWS_DECIDED_DAYS = 14;
/** The most posts of each part (waiting, decided) the page lists. */
export const MAX_REVIEWS_LISTED = 100;

/** Limits of what reviewers write. */
export const MAX_REVIEW_COMMENT_LENGTH = 2_000;
export const MAX_REVIEWER_NAME_LENGTH = 80;
export const MAX_NAMED_APPROVERS = 20;
/** How long a review link works unless told otherwise, and the most it may. */
export const REVIEW_LINK_TTL_DAYS = 7;
export const MAX_REVIEW_LINK_TTL_DAYS = 30;
/** The message a refused Schedule or Publish gets while the account needs approval. */
export const APPROVAL_REQUIRED_MESSAGE =
  "Posts of this account need approval: send this post for approval first.";

export const approvalSettingsSchema = z.object({
  required: z.boolean(),
  approver_user_ids: z
    .array(z.string().min(1).max(100))
    .max(MAX_NAMED_APPROVERS, `At most ${MAX_NAMED_APPROVERS} named approvers.`)
    .default([]),
});
export type ApprovalSettingsInput = z.infer<typeof approvalSettingsSchema>;

const comment = z
  .string()
  .trim()
  .max(MAX_REVIEW_COMMENT_LENGTH, `A comment is at most ${MAX_REVIEW_COMMENT_LENGTH} characters.`);

export const approvalDecisionSchema = z
  .object({
    decision: z.enum(["approve", "request_changes"]),
    comment: comment.optional(),
  })
  .refine((body) => body.decision === "approve" || (body.comment ?? "") !== "", {
    message: "Say what should change.",
    path: ["comment"],
  });
export type ApprovalDecisionInput = z.infer<typeof approvalDecisionSchema>;

export const submitForApprovalSchema = z.object({ comment: comment.optional() });

/** The composer's Edit with approvals on: the whole edited draft, at its time, sent for approval. */
export const editForApprovalSchema = scheduleRequestSchema.omit({ client_id: true }).strict();
export type EditForApproval = z.infer<typeof editForApprovalSchema>;

export const createReviewLinkSchema = z.object({
  days: z.number().int().min(1).max(MAX_REVIEW_LINK_TTL_DAYS).default(REVIEW_LINK_TTL_DAYS),
});

/** A review link's token: base64url parts, bounded. */
export const reviewTokenSchema = z
  .string()
  .min(20, "This review link is incomplete.")
  .max(300, "This review link is not valid.")
  .regex(/^[A-Za-z0-9_.-]+$/, "This review link is not valid.");

export const reviewLinkTokenBodySchema = z.object({ token: reviewTokenSchema });

export const reviewLinkDecisionSchema = z
  .object({
    token: reviewTokenSchema,
    name: z
      .string()
      .trim()
      .min(1, "Enter your name.")
      .max(MAX_REVIEWER_NAME_LENGTH, `A name is at most ${MAX_REVIEWER_NAME_LENGTH} characters.`),
    decision: z.enum(["approve", "request_changes"]),
    comment: comment.optional(),
  })
  .refine((body) => body.decision === "approve" || (body.comment ?? "") !== "", {
    message: "Say what should change.",
    path: ["comment"],
  });
export type ReviewLinkDecisionInput = z.infer<typeof reviewLinkDecisionSchema>;

/** One line of a post's approval history. */
export type ApprovalEventView = {
  action: ApprovalAction;
  to: ApprovalState;
  at: string;
  /** The member's name or e-mail, or the name a link's reviewer gave. */
  actor: string;
  via_link: boolean;
  comment: string | null;
};

/** A stored item of a post, as the review page shows it (signed, short-lived URLs). */
export type ReviewMediaItem = {
  url: string;
  media_type: "image" | "video";
  aspect_ratio: number | null;
  cover_url: string | null;
  tags: Array<{ username: string; x: number; y: number }>;
};

/** What a review link shows: the post as it will look, and nothing else of the workspace. */
export type ReviewLinkView = {
  workspace_name: string;
  account_username: string | null;
  caption: string;
  hashtags: string[];
  collaborators: string[];
  scheduled_time: string;
  time_zone: string;
  items: ReviewMediaItem[];
  state: ApprovalState;
  expires_at: string;
};
