import { privateReplyState } from "@sightline/contracts";
import {
  claimPrivateReply,
  deleteStoredComment,
  findOwnPostComment,
  insertComments,
  setCommentHidden,
  setConversationReadState,
  settlePrivateReply,
} from "@sightline/db";
import { isOutsideMessagingWindow } from "@sightline/instagram-graph";
import { AppError } from "../../lib/app-error.ts";
import { dateOf } from "../../platform/clock.ts";
import { accountClientFor, handleGraphFailure } from "../instagram/index.ts";
import {
  commentNotFound,
  ensureConnectionActive,
  graphReason,
  type InboxDeps,
  requireActive,
} from "./inbox-scope.ts";

/**
 * What the inbox does to a comment on the user's own posts (a public reply under the top-level
 * comment, the one private reply Instagram allows, hide or unhide, delete): Instagram first,
 * then the stored copy, so the inbox never shows what Instagram refused.
 */
export async function replyToComment(
  deps: InboxDeps,
  request: { workspaceId: string; accountId: string | undefined; commentId: string; text: string },
) {
  const { connection, scope } = await requireActive(deps, {
    id: request.workspaceId,
    accountId: request.accountId,
  });
  const comment = await findOwnPostComment(deps.db, scope, request.commentId);
  if (!comment) throw commentNotFound();
  ensureConnectionActive(connection);
  const { text } = request;
  // Instagram threads replies under the top-level comment only.
  const parentId = comment.parentId ?? comment.id;
  try {
    const { id } = await accountClientFor(deps.instagram, connection).replyToComment(
      parentId,
      text,
    );
    const now = dateOf(deps.now);
    await insertComments(deps.db, [
      {
        ...scope,
        igCommentId: id,
        igMediaId: comment.mediaId,
        mediaOwnerId: scope.accountId,
        parentIgCommentId: parentId,
        userIgsid: scope.accountId,
        username: connection.instagramUsername,
        text,
        createdAt: now,
      },
    ]);
    await setConversationReadState(deps.db, scope, {
      kind: "comments",
      conversationId: comment.mediaId,
      read: true,
      readAt: now,
    });
    return { id, parent_id: parentId };
  } catch (error) {
    await handleGraphFailure(deps.instagram, connection, error);
    throw new AppError("unavailable", `The reply was not posted: ${graphReason(error)}`);
  }
}

export async function sendPrivateReply(
  deps: InboxDeps,
  request: { workspaceId: string; accountId: string | undefined; commentId: string; text: string },
) {
  const { connection, scope } = await requireActive(deps, {
    id: request.workspaceId,
    accountId: request.accountId,
  });
  const comment = await findOwnPostComment(deps.db, scope, request.commentId);
  if (!comment) throw commentNotFound();
  const now = dateOf(deps.now);
  const state = privateReplyState(
    {
      createdAt: comment.createdAt,
      isOwn: comment.fromId === scope.accountId,
      privateReplyAt: comment.privateReplyAt,
    },
    now,
  );
  if (!state.canReply) {
    throw new AppError(
      "conflict",
      state.reason === "sent"
        ? "This comment already has its private reply: Instagram allows one per comment."
        : state.reason === "own"
          ? "Private replies go to other people's comments, not your own."
          : "Private replies are possible for 7 days after a comment; this one is older.",
    );
  }
  ensureConnectionActive(connection);
  const { text } = request;
  if (!(await claimPrivateReply(deps.db, scope, { commentId: comment.id, text, now }))) {
    throw new AppError(
      "conflict",
      "This comment already has its private reply: Instagram allows one per comment.",
    );
  }
  try {
    const sent = await accountClientFor(deps.instagram, connection).sendPrivateReply(
      comment.id,
      text,
    );
    await settlePrivateReply(deps.db, scope, comment.id, {
      messageId: sent.message_id ?? "sent",
    });
    return { status: "sent" as const, message_id: sent.message_id ?? null };
  } catch (error) {
    await handleGraphFailure(deps.instagram, connection, error);
    await settlePrivateReply(deps.db, scope, comment.id, { failed: true });
    if (isOutsideMessagingWindow(error)) {
      throw new AppError(
        "conflict",
        "The private reply was not sent: Instagram says the 7 days to reply privately to this comment have passed.",
      );
    }
    throw new AppError("unavailable", `The private reply was not sent: ${graphReason(error)}`);
  }
}

export async function hideComment(
  deps: InboxDeps,
  request: {
    workspaceId: string;
    accountId: string | undefined;
    commentId: string;
    hidden: boolean;
  },
) {
  const { connection, scope } = await requireActive(deps, {
    id: request.workspaceId,
    accountId: request.accountId,
  });
  const comment = await findOwnPostComment(deps.db, scope, request.commentId);
  if (!comment) throw commentNotFound();
  if (comment.fromId === scope.accountId) {
    throw new AppError("conflict", "Your own comments always show: they cannot be hidden.");
  }
  ensureConnectionActive(connection);
  const { hidden } = request;
  try {
    await accountClientFor(deps.instagram, connection).hideComment(comment.id, hidden);
  } catch (error) {
    await handleGraphFailure(deps.instagram, connection, error);
    throw new AppError(
      "unavailable",
      `The comment was not ${hidden ? "hidden" : "unhidden"}: ${graphReason(error)}`,
    );
  }
  await setCommentHidden(deps.db, scope, comment.id, hidden);
  return { id: comment.id, is_hidden: hidden };
}

export async function deleteComment(
  deps: InboxDeps,
  request: { workspaceId: string; accountId: string | undefined; commentId: string },
) {
  const { connection, scope } = await requireActive(deps, {
    id: request.workspaceId,
    accountId: request.accountId,
  });
  const comment = await findOwnPostComment(deps.db, scope, request.commentId);
  if (!comment) throw commentNotFound();
  ensureConnectionActive(connection);
  try {
    await accountClientFor(deps.instagram, connection).deleteComment(comment.id);
  } catch (error) {
    await handleGraphFailure(deps.instagram, connection, error);
    throw new AppError("unavailable", `The comment was not deleted: ${graphReason(error)}`);
  }
  await deleteStoredComment(deps.db, scope, comment.id);
  return { id: comment.id, deleted: true as const };
}
