import {
  type ApprovalAction,
  type ApprovalActor,
  type ApprovalEventView,
  type ApprovalState,
  approvalTransition,
  can,
  type EditForApproval,
  editedSubmitTransition,
  isWaitingForApproval,
  type WorkspaceRole,
} from "@sightline/contracts";
import {
  type ApprovalEventRow,
  cancelToDraft,
  findPostApproval,
  findScheduledPost,
  isNamedApprover,
  listApprovalEvents,
  listMembers,
  movePostApproval,
  type ScheduledPostRow,
  saveContentForReview,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { dateOf } from "../../platform/clock.ts";
import { checkedEdit, type ScheduleDeps, scheduleStoredPost } from "../scheduling/index.ts";

/*
 * Moving a post through review (issue 33 point 1, decision 037). contracts' approvalTransition
 * says who may move a post from which state; this applies it to the stored post, records who did
 * it and, once approved, schedules the post for its time as Schedule would.
 */

export type Reviewer =
  | { kind: "member"; userId: string; name: string; role: WorkspaceRole }
  | { kind: "link"; name: string; linkId: string };

/** The signed-in member as a reviewer: their history shows them by e-mail. */
export function memberReviewer(
  user: { id: string; email: string },
  workspace: { role: WorkspaceRole },
): Extract<Reviewer, { kind: "member" }> {
  return { kind: "member", userId: user.id, name: user.email, role: workspace.role };
}

/** A member as the state machine sees them (named approver or not). */
export async function actorOf(
  deps: Pick<ScheduleDeps, "db">,
  workspaceId: string,
  reviewer: Reviewer,
): Promise<ApprovalActor> {
  if (reviewer.kind === "link") return { kind: "link" };
  return {
    kind: "member",
    role: reviewer.role,
    isNamedApprover:
      can(reviewer.role, "review") &&
      (await isNamedApprover(deps.db, workspaceId, reviewer.userId)),
  };
}

export async function approvalStateOf(
  deps: Pick<ScheduleDeps, "db">,
  workspaceId: string,
  postId: string,
): Promise<ApprovalState> {
  return (await findPostApproval(deps.db, workspaceId, postId))?.state ?? "draft";
}

/** The post, or 404: a member of another workspace learns nothing of it. */
export async function postOf(deps: Pick<ScheduleDeps, "db">, workspaceId: string, id: string) {
  const post = await findScheduledPost(deps.db, workspaceId, id);
  if (!post) throw new AppError("not_found", "This post does not exist.");
  return post;
}

export type ApprovalOutcome = {
  post: ScheduledPostRow;
  state: ApprovalState;
  /** After an approval: whether the post is now scheduled, and why not. */
  scheduled: boolean;
  note: string | null;
};

/**
 * Takes `action` on the post as `reviewer`: refused (403 for the role, 409 for the state) as the
 * table says. An approved post whose time is still ahead is scheduled for it; one whose time
 * passed while it waited stays a draft, "missed its slot", for the editor to give a new time.
 */
export async function actOnPost(
  deps: ScheduleDeps,
  workspaceId: string,
  postId: string,
  reviewer: Reviewer,
  action: ApprovalAction,
  comment?: string,
): Promise<ApprovalOutcome> {
  let post = await postOf(deps, workspaceId, postId);
  const from = await approvalStateOf(deps, workspaceId, postId);
  const transition = approvalTransition(from, action, await actorOf(deps, workspaceId, reviewer));
  if (!transition.ok) {
    throw new AppError(transition.reason === "role" ? "forbidden" : "conflict", transition.message);
  }
  const now = dateOf(deps.now);
  if (action === "submit") {
    if (post.status === "scheduled") {
      // Sent for approval again: it waits as a draft, never claimed by the worker.
      post = (await cancelToDraft(deps.db, { workspaceId, id: postId, now })) ?? post;
    }
    if (post.status !== "draft") {
      throw new AppError(
        "conflict",
        "Only a draft or a scheduled post that has not gone out can be sent for approval.",
      );
    }
  }
  const moved = await movePostApproval(deps.db, workspaceId, {
    postId,
    from: [from],
    to: transition.to,
    action,
    userId: reviewer.kind === "member" ? reviewer.userId : null,
    actorName: reviewer.name,
    reviewLinkId: reviewer.kind === "link" ? reviewer.linkId : undefined,
    comment: comment || undefined,
    now,
  });
  if (!moved) {
    throw new AppError("conflict", "Someone else changed this post's approval first. Reload it.");
  }
  await deps.events.publish(workspaceId, "scheduled-posts:updated", {
    id: postId,
    status: post.status,
  });
  // Reviewers' bells count posts waiting for them; editors' count decisions.
  await deps.events.publish(workspaceId, "notifications:updated", {});
  if (transition.to !== "approved") {
    return { post, state: transition.to, scheduled: false, note: null };
  }
  if (post.scheduledTime <= now) {
    return {
      post,
      state: "approved",
      scheduled: false,
      note: "Approved after its time passed: it missed its slot. Choose a new time to schedule it.",
    };
  }
  try {
    const { row } = await scheduleStoredPost(deps, workspaceId, postId, {});
    return { post: row, state: "approved", scheduled: true, note: null };
  } catch (error) {
    // Approved either way; the editor sees why it could not be scheduled and fixes it.
    if (!(error instanceof AppError)) throw error;
    return { post, state: "approved", scheduled: false, note: error.message };
  }
}

/**
 * The composer's Edit with approvals on: the edited content is checked as Edit checks it, then
 * saved as a draft and sent for approval in one transaction (a refusal or a lost race leaves the
 * post as it was). A post in review stays in review with the new content.
 */
export async function sendEditForApproval(
  deps: ScheduleDeps,
  workspaceId: string,
  postId: string,
  reviewer: Extract<Reviewer, { kind: "member" }>,
  body: EditForApproval,
): Promise<ApprovalOutcome> {
  const { current, content } = await checkedEdit(deps, workspaceId, postId, body);
  const from = await approvalStateOf(deps, workspaceId, postId);
  const transition = editedSubmitTransition(from, await actorOf(deps, workspaceId, reviewer));
  if (!transition.ok) {
    throw new AppError(transition.reason === "role" ? "forbidden" : "conflict", transition.message);
  }
  const saved = await saveContentForReview(deps.db, workspaceId, {
    postId,
    content,
    from: [from],
    to: transition.to,
    action: "submit",
    userId: reviewer.userId,
    actorName: reviewer.name,
    now: dateOf(deps.now),
  });
  if (saved === "publishing") {
    throw new AppError(
      "conflict",
      current.status === "published"
        ? "This post has already been published, so it can no longer be edited."
        : "This post has started publishing, so it can no longer be edited.",
    );
  }
  if (saved === "raced") {
    throw new AppError("conflict", "Someone else changed this post's approval first. Reload it.");
  }
  await deps.events.publish(workspaceId, "scheduled-posts:updated", {
    id: postId,
    status: saved.status,
  });
  return { post: saved, state: transition.to, scheduled: false, note: null };
}

/** A post waiting for approval whose time passed: flagged for the editor (the bell says it too). */
export function missedSlot(post: ScheduledPostRow, state: ApprovalState, now: Date): boolean {
  return (
    post.status === "draft" &&
    (isWaitingForApproval(state) || state === "approved") &&
    post.scheduledTime <= now
  );
}

/** The post's approval history, with members named as they are now. */
export async function historyOf(
  deps: Pick<ScheduleDeps, "db">,
  workspaceId: string,
  postId: string,
): Promise<ApprovalEventView[]> {
  const [events, members] = await Promise.all([
    listApprovalEvents(deps.db, workspaceId, postId),
    listMembers(deps.db, workspaceId),
  ]);
  return events.map(eventViewOf(memberNames(members)));
}

/** Member id → the name the app shows (their name, else their e-mail). */
export function memberNames(members: Array<{ userId: string; name: string; email: string }>) {
  return new Map(members.map((member) => [member.userId, member.name || member.email]));
}

/** One line of history, with the member named as they are now (else as they were). */
export const eventViewOf =
  (names: Map<string, string>) =>
  (event: ApprovalEventRow): ApprovalEventView => ({
    action: event.action,
    to: event.toState,
    at: event.at.toISOString(),
    actor: (event.userId && names.get(event.userId)) || event.actorName,
    via_link: event.reviewLinkId !== null,
    comment: event.comment,
  });
