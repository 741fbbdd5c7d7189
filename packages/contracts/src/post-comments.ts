import { z } from "zod";

/*
 * Comments between members on the workspace's own posts (issue 33 point 3, decision 042): a
 * comment and its replies (one level), @mentions of members that notify them.
 */

/** The longest comment, in characters. */
export const POST_COMMENT_MAX_LENGTH = 2000;
/** The most members one comment may mention. */
export const POST_COMMENT_MAX_MENTIONS = 20;

const body = z
  .string("Write a comment.")
  .trim()
  .min(1, "Write a comment.")
  .max(POST_COMMENT_MAX_LENGTH, `A comment is at most ${POST_COMMENT_MAX_LENGTH} characters.`);

/** The members the comment @mentions (user ids; the web picks them from the member list). */
const mentions = z
  .array(z.string().min(1).max(64), "Mentions are a list of member ids.")
  .max(
    POST_COMMENT_MAX_MENTIONS,
    `A comment mentions at most ${POST_COMMENT_MAX_MENTIONS} members.`,
  )
  .default([]);

export const createPostCommentSchema = z.object({
  body,
  /** Replying: the comment replied to (a reply to a reply joins the same thread). */
  parent_id: z.uuid("Not a comment id.").nullish(),
  mentions,
});
export type CreatePostCommentInput = z.input<typeof createPostCommentSchema>;

export const updatePostCommentSchema = z.object({ body, mentions });
export type UpdatePostCommentInput = z.input<typeof updatePostCommentSchema>;

export interface PostCommentView {
  id: string;
  post_id: string;
  parent_id: string | null;
  author: { user_id: string | null; name: string };
  body: string;
  created_at: string;
  edited_at: string | null;
  /** The members mentioned, as they are named now. */
  mentions: { user_id: string; name: string }[];
  can_edit: boolean;
  can_delete: boolean;
}

/** A post's comments: top-level ones oldest first, each with its replies oldest first. */
export interface PostCommentThreadView extends PostCommentView {
  replies: PostCommentView[];
}

export interface PostCommentsResponse {
  comments: PostCommentThreadView[];
  count: number;
  can_write: boolean;
  /** Whom a comment may mention: the members who may see this post. */
  members: { user_id: string; name: string }[];
}
