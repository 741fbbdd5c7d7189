import type { GraphContext } from "../core/context.ts";
import { formatGraphTime } from "../core/time.ts";
import type { Account, MentionRecord } from "../data/types.ts";
import type { FieldNode } from "../http/fields.ts";
import { graphError, missingParameter, unknownField } from "../http/graph-fault.ts";
import { stringParam } from "../http/params.ts";
import {
  addMentionReply,
  listMentions,
  mentionByComment,
  mentionByMedia,
} from "../state/mentions-store.ts";
import { requireCapability } from "./auth.ts";
import { type NodeType, renderNode, requestedFields, respondWithPage } from "./render.ts";
import { artUrl, permalink, videoUrl } from "./urls.ts";

const MESSAGE_MAX = 2200;

/** Another account's media that mentions or tags the account (`mentioned_media`, `/tags`). */
const mentionedMediaNode: NodeType<MentionRecord> = {
  name: "IGMedia",
  defaults: ["id"],
  fields: {
    id: (mention) => mention.media.id,
    caption: (mention) => mention.media.caption,
    media_type: (mention) => mention.media.mediaType,
    media_product_type: (mention) => mention.media.productType,
    media_url: (mention, _field, ctx) =>
      mention.media.mediaType === "VIDEO"
        ? videoUrl(ctx.core, mention.media.id, 1080, 1920, 20000)
        : artUrl(ctx.core, "lifestyle", mention.media.id, 1080, 1350),
    permalink: (mention) => permalink(mention.media),
    timestamp: (mention) => formatGraphTime(mention.media.timestamp),
    username: (mention) => mention.media.owner,
    owner: (mention) => ({ id: mention.media.ownerId }),
    // Omitted when the owner hides likes (as Business Discovery does, §7.1).
    like_count: (mention) => (mention.media.likesHidden ? undefined : mention.media.likeCount),
    comments_count: (mention) => mention.media.commentsCount,
  },
};

/** A comment of another account that @mentions the account (`mentioned_comment`). */
const mentionedCommentNode: NodeType<MentionRecord> = {
  name: "IGComment",
  defaults: ["id"],
  fields: {
    id: (mention) => mention.comment?.id,
    text: (mention) => mention.comment?.text,
    timestamp: (mention) =>
      mention.comment ? formatGraphTime(mention.comment.timestamp) : undefined,
    username: (mention) => mention.author,
    like_count: (mention) => mention.comment?.likeCount,
    media: (mention, field, ctx) =>
      renderNode(
        mentionedMediaNode,
        mention,
        field.children ?? [{ name: "id", modifiers: {} }],
        ctx,
      ),
  },
};

function notMentioned(kind: "media" | "comment", id: string): never {
  throw graphError(
    100,
    `(#100) The ${kind} ${id} does not exist, or it does not mention this account`,
  );
}

/** [FB] `mentioned_media.media_id(X){…}` on the IG User (§4). */
export function mentionedMediaField(account: Account, field: FieldNode, ctx: GraphContext) {
  // [FB] only (§4): on graph.instagram.com Meta answers as for any field the User lacks.
  if (ctx.login !== "facebook") throw unknownField("mentioned_media", "User");
  requireCapability(ctx, "comments");
  const mediaId = field.modifiers.media_id;
  if (mediaId === undefined || mediaId === "") throw missingParameter("media_id");
  const mention = mentionByMedia(ctx.core.store, account.igUserId, mediaId, ctx.now);
  // Being tagged is not a caption mention: a tag is read through /tags only.
  if (mention?.kind !== "caption") notMentioned("media", mediaId);
  return renderNode(mentionedMediaNode, mention, field.children, ctx);
}

/** [FB] `mentioned_comment.comment_id(Y){…}` on the IG User (§4). */
export function mentionedCommentField(account: Account, field: FieldNode, ctx: GraphContext) {
  // [FB] only (§4): on graph.instagram.com Meta answers as for any field the User lacks.
  if (ctx.login !== "facebook") throw unknownField("mentioned_comment", "User");
  requireCapability(ctx, "comments");
  const commentId = field.modifiers.comment_id;
  if (commentId === undefined || commentId === "") throw missingParameter("comment_id");
  const mention = mentionByComment(ctx.core.store, account.igUserId, commentId, ctx.now);
  if (!mention) notMentioned("comment", commentId);
  return renderNode(mentionedCommentNode, mention, field.children, ctx);
}

/** `GET /{ig-user-id}/tags` — media the account is tagged in, newest first (§4). */
export function listTags(ctx: GraphContext, account: Account) {
  requireCapability(ctx, "basic");
  const fields = requestedFields(ctx);
  const tags = listMentions(ctx.core.store, account.igUserId, ctx.now).filter(
    (mention) => mention.kind === "tag",
  );
  return respondWithPage(ctx, tags, {
    idOf: (mention) => mention.media.id,
    keyOf: (mention) => mention.media.timestamp,
    render: (mention) => renderNode(mentionedMediaNode, mention, fields, ctx),
    descending: true,
    defaultLimit: 25,
    maxLimit: 100,
  });
}

/**
 * `POST /{ig-user-id}/mentions?media_id=…[&comment_id=…]&message=…` — the account replies where
 * it was mentioned: under the post for a caption mention, under the comment for a comment one.
 * Commenting on media it is only tagged in is not supported (§4).
 */
export function replyToMention(ctx: GraphContext, account: Account) {
  requireCapability(ctx, "comments");
  const mediaId = stringParam(ctx.params, "media_id");
  const commentId = stringParam(ctx.params, "comment_id");
  const message = stringParam(ctx.params, "message");
  if (mediaId === undefined || mediaId === "") throw missingParameter("media_id");
  if (message === undefined || message.trim() === "") throw missingParameter("message");
  if (message.length > MESSAGE_MAX)
    throw graphError(100, `(#100) The message is longer than ${MESSAGE_MAX} characters`);
  const store = ctx.core.store;
  if (commentId !== undefined && commentId !== "") {
    const mention = mentionByComment(store, account.igUserId, commentId, ctx.now);
    if (!mention || mention.media.id !== mediaId) notMentioned("comment", commentId);
  } else {
    const mention = mentionByMedia(store, account.igUserId, mediaId, ctx.now);
    if (mention?.kind !== "caption") notMentioned("media", mediaId);
  }
  const id = ctx.core.newId("178");
  addMentionReply(store, {
    id,
    accountId: account.igUserId,
    mediaId,
    ...(commentId ? { commentId } : {}),
    text: message,
    timestamp: ctx.now,
  });
  return { id };
}
