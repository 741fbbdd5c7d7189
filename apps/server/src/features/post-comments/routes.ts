import { can, createPostCommentSchema, updatePostCommentSchema } from "@sightline/contracts";
import {
  countPostCommentsByPost,
  deletePostComment,
  findPostComment,
  insertPostComment,
  listPostCommentMentions,
  updatePostCommentBody,
} from "@sightline/db";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import type { MemberEnv } from "../../middleware/session.ts";
import { dateOf } from "../../platform/clock.ts";
import {
  mayWrite,
  notifyMentions,
  type PostCommentDeps,
  threadsOf,
  visiblePost,
} from "./comment-service.ts";

const postParam = z.object({ postId: z.uuid("Not a post id.") });
const commentParam = z.object({
  postId: z.uuid("Not a post id."),
  id: z.uuid("Not a comment id."),
});

/** Any member of the request's workspace: who may see which post is decided per post. */
const anyMember = createMiddleware<MemberEnv>(async (c, next) => {
  const user = await c.var.getUser();
  if (!user) throw new AppError("unauthorized", "Sign in to continue.");
  c.set("user", user);
  c.set("workspace", await c.var.getWorkspace(user));
  await next();
});

const writeMember = createMiddleware<MemberEnv>(async (c, next) => {
  if (!mayWrite(c.var.workspace.role)) {
    throw new AppError("forbidden", "Your role cannot comment on posts.");
  }
  await next();
});

/**
 * /api/post-comments (issue 33 point 3, decision 042): comments between members on the
 * workspace's own posts, a thread one level deep, @mentions notified by the bell and e-mail.
 */
export function postCommentRoutes(deps: PostCommentDeps) {
  const now = () => dateOf(deps.now);
  const mentionsOf = (workspaceId: string) => (ids: string[]) =>
    listPostCommentMentions(deps.db, workspaceId, ids);
  const changed = (workspaceId: string, postId: string) =>
    deps.events.publish(workspaceId, "post-comments:updated", { post_id: postId });

  return (
    new Hono<AppEnv>()
      .use(anyMember)
      // The comment count of each of the workspace's posts the member may read (the calendar).
      .get("/counts", async (c) => {
        const { id, role } = c.var.workspace;
        // A Client sees no calendar: no counts either.
        if (!can(role, "read")) return c.json({ counts: {} as Record<string, number> });
        const rows = await countPostCommentsByPost(deps.db, id);
        return c.json({
          counts: Object.fromEntries(rows.map((row) => [row.postId, row.count])) as Record<
            string,
            number
          >,
        });
      })
      .get("/:postId", validate("param", postParam), async (c) => {
        const { postId } = c.req.valid("param");
        const { sent } = await visiblePost(deps.db, c.var.workspace, postId);
        return c.json(
          await threadsOf(
            deps.db,
            c.var.workspace,
            c.var.user.id,
            postId,
            sent,
            mentionsOf(c.var.workspace.id),
          ),
        );
      })
      // The role first: a member who may not comment hears so whatever the address says.
      .post(
        "/:postId",
        writeMember,
        validate("param", postParam),
        validate("json", createPostCommentSchema),
        async (c) => {
          const { postId } = c.req.valid("param");
          const body = c.req.valid("json");
          const workspace = c.var.workspace;
          const { post, sent } = await visiblePost(deps.db, workspace, postId);
          let parentId: string | null = null;
          if (body.parent_id) {
            const parent = await findPostComment(deps.db, workspace.id, body.parent_id);
            if (!parent || parent.postId !== postId) {
              throw new AppError("not_found", "The comment you reply to no longer exists.");
            }
            // One level deep: a reply to a reply joins its thread.
            parentId = parent.parentId ?? parent.id;
          }
          const comment = await insertPostComment(deps.db, workspace.id, {
            postId,
            parentId,
            authorUserId: c.var.user.id,
            body: body.body,
            now: now(),
          });
          await notifyMentions(deps, {
            workspace,
            comment,
            postCaption: post.caption,
            sent,
            authorId: c.var.user.id,
            mentioned: body.mentions,
          });
          await changed(workspace.id, postId);
          return c.json({ comment: { id: comment.id, parent_id: comment.parentId } }, 201);
        },
      )
      .patch(
        "/:postId/:id",
        writeMember,
        validate("param", commentParam),
        validate("json", updatePostCommentSchema),
        async (c) => {
          const { postId, id } = c.req.valid("param");
          const body = c.req.valid("json");
          const workspace = c.var.workspace;
          const { post, sent } = await visiblePost(deps.db, workspace, postId);
          const existing = await findPostComment(deps.db, workspace.id, id);
          if (!existing || existing.postId !== postId) {
            throw new AppError("not_found", "This comment no longer exists.");
          }
          if (existing.authorUserId !== c.var.user.id) {
            throw new AppError("forbidden", "You can edit only your own comments.");
          }
          const comment = await updatePostCommentBody(deps.db, workspace.id, id, {
            body: body.body,
            now: now(),
          });
          if (!comment) throw new AppError("not_found", "This comment no longer exists.");
          // Only members mentioned for the first time are told.
          await notifyMentions(deps, {
            workspace,
            comment,
            postCaption: post.caption,
            sent,
            authorId: c.var.user.id,
            mentioned: body.mentions,
          });
          await changed(workspace.id, postId);
          return c.json({ comment: { id: comment.id, parent_id: comment.parentId } });
        },
      )
      .delete("/:postId/:id", validate("param", commentParam), async (c) => {
        const { postId, id } = c.req.valid("param");
        const workspace = c.var.workspace;
        await visiblePost(deps.db, workspace, postId);
        const existing = await findPostComment(deps.db, workspace.id, id);
        if (!existing || existing.postId !== postId) {
          throw new AppError("not_found", "This comment no longer exists.");
        }
        const own = existing.authorUserId === c.var.user.id;
        if (!own && workspace.role !== "owner" && workspace.role !== "admin") {
          throw new AppError("forbidden", "You can delete only your own comments.");
        }
        const deleted = await deletePostComment(deps.db, workspace.id, id);
        await changed(workspace.id, postId);
        return c.json({ deleted });
      })
  );
}
