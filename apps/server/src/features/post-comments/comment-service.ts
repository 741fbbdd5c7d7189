import {
  can,
  type PostCommentsResponse,
  type PostCommentThreadView,
  type PostCommentView,
  type WorkspaceRole,
} from "@sightline/contracts";
import {
  addPostCommentMentions,
  type Db,
  findPostApproval,
  findScheduledPost,
  listMembers,
  listPostComments,
  type PostCommentRow,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { postCommentMentionMessage } from "../../platform/mail/templates.ts";

/*
 * Comments between members on the workspace's own posts (issue 33 point 3, decision 042).
 * Who may see a post may read its comments; writing needs "publish" or "review"; a Client sees
 * (and comments on) only posts sent for approval, as the approvals routes decide.
 */

export interface PostCommentDeps {
  db: Db;
  mailer: Mailer;
  events: EventBus;
  now: Clock;
  logger: Logger;
  publicUrl: string;
}

type Member = Awaited<ReturnType<typeof listMembers>>[number];

export const nameOf = (member: Pick<Member, "name" | "email">) => member.name || member.email;

/** Whether a member of `role` may see the post: "read" sees all, a Client those sent to them. */
export function maySee(role: WorkspaceRole, sentForApproval: boolean): boolean {
  return can(role, "read") || (can(role, "review") && sentForApproval);
}

export function mayWrite(role: WorkspaceRole): boolean {
  return can(role, "publish") || can(role, "review");
}

/** The post, if the member may see it; otherwise 404 (another workspace's post is 404 too). */
export async function visiblePost(
  db: Db,
  workspace: { id: string; role: WorkspaceRole },
  postId: string,
) {
  const post = await findScheduledPost(db, workspace.id, postId);
  if (!post) throw new AppError("not_found", "This post does not exist.");
  const sent = await sentForApproval(db, workspace.id, postId);
  if (!maySee(workspace.role, sent)) throw new AppError("not_found", "This post does not exist.");
  return { post, sent };
}

async function sentForApproval(db: Db, workspaceId: string, postId: string) {
  const approval = await findPostApproval(db, workspaceId, postId);
  return approval !== undefined && approval.state !== "draft";
}

/** The members who may see the post: whom a comment may mention. */
export function membersWhoSee(members: Member[], sent: boolean) {
  return members.filter((member) => maySee(member.role as WorkspaceRole, sent));
}

function viewOf(
  row: PostCommentRow,
  names: Map<string, string>,
  mentions: string[],
  viewer: { userId: string; role: WorkspaceRole },
): PostCommentView {
  const own = row.authorUserId === viewer.userId;
  return {
    id: row.id,
    post_id: row.postId,
    parent_id: row.parentId,
    author: {
      user_id: row.authorUserId,
      name: (row.authorUserId && names.get(row.authorUserId)) || "A former member",
    },
    body: row.body,
    created_at: row.createdAt.toISOString(),
    edited_at: row.editedAt?.toISOString() ?? null,
    mentions: mentions
      .filter((id) => names.has(id))
      .map((id) => ({ user_id: id, name: names.get(id)! })),
    can_edit: own && mayWrite(viewer.role),
    can_delete: own || viewer.role === "owner" || viewer.role === "admin",
  };
}

/** The post's threads as the viewer sees them. */
export async function threadsOf(
  db: Db,
  workspace: { id: string; role: WorkspaceRole },
  viewerId: string,
  postId: string,
  sent: boolean,
  mentionsOf: (commentIds: string[]) => Promise<Map<string, string[]>>,
): Promise<PostCommentsResponse> {
  const [rows, members] = await Promise.all([
    listPostComments(db, workspace.id, postId),
    listMembers(db, workspace.id),
  ]);
  const names = new Map(members.map((member) => [member.userId, nameOf(member)]));
  const mentions = await mentionsOf(rows.map((row) => row.id));
  const viewer = { userId: viewerId, role: workspace.role };
  const threads: PostCommentThreadView[] = [];
  const byId = new Map<string, PostCommentThreadView>();
  for (const row of rows) {
    if (row.parentId) continue;
    const thread = { ...viewOf(row, names, mentions.get(row.id) ?? [], viewer), replies: [] };
    threads.push(thread);
    byId.set(row.id, thread);
  }
  for (const row of rows) {
    if (!row.parentId) continue;
    byId.get(row.parentId)?.replies.push(viewOf(row, names, mentions.get(row.id) ?? [], viewer));
  }
  return {
    comments: threads,
    count: rows.length,
    can_write: mayWrite(workspace.role),
    members: membersWhoSee(members, sent).map((member) => ({
      user_id: member.userId,
      name: nameOf(member),
    })),
  };
}

/**
 * Records the comment's mentions and tells each member mentioned for the first time: the bell
 * (it counts these rows) and one e-mail. Never the author, never someone outside the workspace
 * or who may not see the post.
 */
export async function notifyMentions(
  deps: PostCommentDeps,
  input: {
    workspace: { id: string; name: string };
    comment: PostCommentRow;
    postCaption: string;
    sent: boolean;
    authorId: string;
    mentioned: string[];
  },
) {
  const members = await listMembers(deps.db, input.workspace.id);
  const visible = new Map(
    membersWhoSee(members, input.sent).map((member) => [member.userId, member]),
  );
  const ids = [...new Set(input.mentioned)].filter(
    (id) => id !== input.authorId && visible.has(id),
  );
  const fresh = await addPostCommentMentions(deps.db, input.workspace.id, {
    commentId: input.comment.id,
    userIds: ids,
    now: input.comment.editedAt ?? input.comment.createdAt,
  });
  if (fresh.length === 0) return;
  const author = members.find((member) => member.userId === input.authorId);
  // A Client opens no content scheduler: their posts are on their Reviews page.
  const origin = new URL(deps.publicUrl).origin;
  const urlFor = (role: WorkspaceRole) =>
    `${origin}${can(role, "read") ? "/content-scheduler" : "/reviews"}`;
  const excerpt =
    input.comment.body.length > 280 ? `${input.comment.body.slice(0, 279)}…` : input.comment.body;
  const caption = input.postCaption.trim() || "Untitled post";
  for (const userId of fresh) {
    const member = visible.get(userId)!;
    try {
      await deps.mailer.sendEmail(
        postCommentMentionMessage(member.email, {
          author: author ? nameOf(author) : "A member",
          workspace: input.workspace.name,
          excerpt,
          post: caption.length > 60 ? `${caption.slice(0, 59)}…` : caption,
          url: urlFor(member.role as WorkspaceRole),
        }),
      );
    } catch (error) {
      // The comment and the bell stand; the e-mail is best effort.
      deps.logger.warn({ err: error }, "mention e-mail not sent");
    }
  }
  await deps.events.publish(input.workspace.id, "notifications:updated", {});
}
