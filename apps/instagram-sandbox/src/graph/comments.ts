import { captionLength, MAX_CAPTION_LENGTH } from "@sightline/contracts";
import type { GraphContext } from "../core/context.ts";
import type { Account, CommentRecord, MediaRecord } from "../data/types.ts";
import {
  graphError,
  invalidParameter,
  missingParameter,
  unsupportedRequest,
} from "../http/graph-fault.ts";
import { boolParam, stringParam } from "../http/params.ts";
import { emitCommentWebhook } from "../live/events.ts";
import { requireCapability } from "./auth.ts";
import { commentNode, replyNode } from "./nodes.ts";
import { renderNode, requestedFields, respondWithPage } from "./render.ts";

function ownerOf(ctx: GraphContext, accountId: string): Account {
  const account = ctx.core.store.accountById.get(accountId);
  if (!account) throw unsupportedRequest(ctx.method, accountId);
  return account;
}

/** `GET /{media-id}/comments` — top-level, newest first, ≤ 50 per page (§4). */
export function listComments(ctx: GraphContext, media: MediaRecord): Record<string, unknown> {
  // §12.3: reading comments needs the manage-comments grant, not just basic.
  requireCapability(ctx, "comments");
  const fields = requestedFields(ctx);
  const items = ctx.core.store.listTopComments(media.id, ctx.now);
  return respondWithPage(ctx, items, {
    idOf: (c) => c.id,
    keyOf: (c) => c.timestamp,
    render: (c) => renderNode(commentNode, c, fields, ctx),
    descending: true,
    defaultLimit: 25,
    maxLimit: 50,
  });
}

export function listReplies(ctx: GraphContext, comment: CommentRecord): Record<string, unknown> {
  requireCapability(ctx, "comments");
  const fields = requestedFields(ctx);
  const items = ctx.core.store.listReplies(comment.id, ctx.now);
  return respondWithPage(ctx, items, {
    idOf: (c) => c.id,
    keyOf: (c) => c.timestamp,
    render: (c) => renderNode(replyNode, c, fields, ctx),
    descending: false,
    defaultLimit: 25,
    maxLimit: 50,
  });
}

function ownComment(
  ctx: GraphContext,
  media: MediaRecord,
  parentId: string | undefined,
): CommentRecord {
  const message = stringParam(ctx.params, "message");
  if (message === undefined || message.trim() === "") throw missingParameter("message");
  if (captionLength(message) > MAX_CAPTION_LENGTH)
    throw invalidParameter("The comment is too long");
  const account = ownerOf(ctx, media.accountId);
  const comment: CommentRecord = {
    id: ctx.core.newId("178"),
    mediaId: media.id,
    accountId: account.igUserId,
    fromId: account.igUserId,
    username: account.username,
    text: message,
    timestamp: ctx.now,
    likeCount: 0,
    hidden: false,
    byOwner: true,
    ...(parentId !== undefined ? { parentId } : {}),
  };
  ctx.core.store.addComment(comment);
  emitCommentWebhook(ctx.core, comment);
  return comment;
}

/** `POST /{media-id}/comments` (§4). */
export function createComment(ctx: GraphContext, media: MediaRecord): Record<string, unknown> {
  requireCapability(ctx, "comments");
  if (!media.commentEnabled) throw graphError(100, "(#100) Comments are disabled for this media");
  if (media.productType === "STORY") throw invalidParameter("Stories cannot be commented on");
  return { id: ownComment(ctx, media, undefined).id };
}

/** `POST /{comment-id}/replies` — only on top-level comments. */
export function replyToComment(ctx: GraphContext, comment: CommentRecord): Record<string, unknown> {
  requireCapability(ctx, "comments");
  if (comment.parentId !== undefined)
    throw invalidParameter("Replies can only be made to top-level comments");
  const media = ctx.core.store.media.get(comment.mediaId);
  if (!media) throw unsupportedRequest(ctx.method, comment.mediaId);
  return { id: ownComment(ctx, media, comment.id).id };
}

/** `POST /{comment-id}?hide=true|false`; the media owner's own comments always show (§4). */
export function hideComment(ctx: GraphContext, comment: CommentRecord): Record<string, unknown> {
  requireCapability(ctx, "comments");
  const hide = boolParam(ctx.params, "hide");
  if (hide === undefined) throw missingParameter("hide");
  if (!comment.byOwner) ctx.core.store.patchComment(comment.id, { hidden: hide });
  return { success: true };
}

export function deleteComment(ctx: GraphContext, comment: CommentRecord): Record<string, unknown> {
  requireCapability(ctx, "comments");
  ctx.core.store.patchComment(comment.id, { deleted: true });
  return { success: true };
}

/** `POST /{media-id}?comment_enabled=…` */
export function updateMedia(ctx: GraphContext, media: MediaRecord): Record<string, unknown> {
  requireCapability(ctx, "comments");
  const enabled = boolParam(ctx.params, "comment_enabled");
  if (enabled === undefined) throw missingParameter("comment_enabled");
  ctx.core.store.patchMedia(media.id, { commentEnabled: enabled });
  return { success: true };
}

/** `DELETE /{media-id}` — [FB] only (§3.1). */
export function deleteMedia(ctx: GraphContext, media: MediaRecord): Record<string, unknown> {
  if (ctx.login !== "facebook") throw unsupportedRequest("DELETE", media.id);
  requireCapability(ctx, "publish");
  ctx.core.store.patchMedia(media.id, { deleted: true });
  return { success: true, deleted_id: media.id };
}
