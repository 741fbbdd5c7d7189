import { type Page, toPage } from "../pagination.ts";
import { idResultSchema } from "../schemas/common.ts";
import {
  type MentionedComment,
  type MentionedMedia,
  mentionedCommentResponseSchema,
  mentionedMediaResponseSchema,
  taggedMediaListSchema,
} from "../schemas/mentions.ts";
import { type AccountScope, nodePath } from "./scope.ts";

export const mentionedMediaFields =
  "id,caption,media_type,media_product_type,media_url,permalink,timestamp,username,like_count,comments_count";
export const mentionedCommentFields = `id,text,timestamp,username,like_count,media{${mentionedMediaFields}}`;

/** Graph ids are digits; anything else would break out of the `fields` syntax. */
function graphId(value: string): string {
  if (!/^\d{1,40}$/.test(value)) throw new TypeError(`Not a Graph id: ${value.slice(0, 40)}`);
  return value;
}

export function createMentionsApi(scope: AccountScope) {
  const { context } = scope;
  return {
    /** §4 — the media a `mentions` webhook named (a caption @mention). */
    async getMentionedMedia(mediaId: string): Promise<MentionedMedia> {
      const response = await scope.get(
        nodePath(context.igUserId),
        { fields: `mentioned_media.media_id(${graphId(mediaId)}){${mentionedMediaFields}}` },
        mentionedMediaResponseSchema,
      );
      return response.mentioned_media;
    },

    /** §4 — the comment a `mentions` webhook named, with the post it is under. */
    async getMentionedComment(commentId: string): Promise<MentionedComment> {
      const response = await scope.get(
        nodePath(context.igUserId),
        {
          fields: `mentioned_comment.comment_id(${graphId(commentId)}){${mentionedCommentFields}}`,
        },
        mentionedCommentResponseSchema,
      );
      return response.mentioned_comment;
    },

    /** §4 — media the account is tagged in, newest first. */
    async listTaggedMedia(
      options: { limit?: number; after?: string } = {},
    ): Promise<Page<MentionedMedia>> {
      const response = await scope.get(
        nodePath(context.igUserId, "tags"),
        { fields: mentionedMediaFields, limit: options.limit, after: options.after },
        taggedMediaListSchema,
      );
      return toPage(response);
    },

    /**
     * §4 — reply where the account was mentioned: under the post, or under the comment when
     * `commentId` is given. Not retried: a repeat would post twice.
     */
    replyToMention(input: { mediaId: string; commentId?: string; message: string }) {
      return scope.post(
        nodePath(context.igUserId, "mentions"),
        {
          media_id: input.mediaId,
          ...(input.commentId !== undefined ? { comment_id: input.commentId } : {}),
          message: input.message,
        },
        idResultSchema,
        { idempotent: false },
      );
    },
  };
}
