import { type Page, toPage } from "../pagination.ts";
import {
  commentListSchema,
  commentReplySchema,
  commentSchema,
  type InstagramComment,
  type InstagramCommentReply,
} from "../schemas/comments.ts";
import { collectionSchema, idResultSchema, successSchema } from "../schemas/common.ts";
import { type AccountScope, nodePath } from "./scope.ts";

export const replyFields = "id,text,timestamp,username,from,like_count,hidden,parent_id";
export const commentFields = `id,text,timestamp,username,from,like_count,hidden,media{id,media_product_type},replies{${replyFields}}`;

export function createCommentsApi(scope: AccountScope) {
  return {
    /** §4 — top-level comments, newest first, ≤ 50 per page. */
    async listComments(
      mediaId: string,
      options: { limit?: number; after?: string; fields?: string } = {},
    ): Promise<Page<InstagramComment>> {
      const response = await scope.get(
        nodePath(mediaId, "comments"),
        { fields: options.fields ?? commentFields, limit: options.limit, after: options.after },
        commentListSchema,
      );
      return toPage(response);
    },

    getComment(commentId: string, fields?: string): Promise<InstagramComment> {
      return scope.get(nodePath(commentId), { fields: fields ?? commentFields }, commentSchema);
    },

    async listReplies(
      commentId: string,
      options: { limit?: number; after?: string } = {},
    ): Promise<Page<InstagramCommentReply>> {
      const response = await scope.get(
        nodePath(commentId, "replies"),
        { fields: replyFields, limit: options.limit, after: options.after },
        collectionSchema(commentReplySchema),
      );
      return toPage(response);
    },

    /** New top-level comment by the account. Not retried: a repeat would post twice. */
    createComment(mediaId: string, message: string) {
      return scope.post(nodePath(mediaId, "comments"), { message }, idResultSchema, {
        idempotent: false,
      });
    },

    /** Public reply to a top-level comment. */
    replyToComment(commentId: string, message: string) {
      return scope.post(nodePath(commentId, "replies"), { message }, idResultSchema, {
        idempotent: false,
      });
    },

    hideComment(commentId: string, hidden: boolean) {
      return scope.post(nodePath(commentId), { hide: hidden }, successSchema, { idempotent: true });
    },

    /** Only the media owner can delete. */
    deleteComment(commentId: string) {
      return scope.send(
        { method: "DELETE", path: nodePath(commentId), idempotent: true },
        successSchema,
      );
    },
  };
}
