import {
  commentTextSchema,
  inboxResponseTimesQuerySchema,
  MAX_SAVED_REPLIES,
  messageTextSchema,
  savedReplyInputSchema,
} from "@sightline/contracts";
import {
  countSavedReplies,
  createSavedReply,
  deleteSavedReply,
  listInboxConversations,
  listSavedReplies,
  setConversationReadState,
  updateSavedReply,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMemberByMethod } from "../../middleware/session.ts";
import { dateOf } from "../../platform/clock.ts";
import { recordAudit } from "../workspaces/index.ts";
import { deleteComment, hideComment, replyToComment, sendPrivateReply } from "./comment-actions.ts";
import {
  findConversation,
  listConversations,
  readCommentThread,
  readDmThread,
} from "./conversations.ts";
import { activeScope, type InboxDeps, notFound, requireActive } from "./inbox-scope.ts";
import { measureResponseTimes, responseTimesZone } from "./response-times.ts";
import { sendReply } from "./send-reply.ts";

const replySchema = z
  .object({
    text: messageTextSchema.optional(),
    /** One of the caller's own uploads (a signed storage URL): sent as an image attachment. */
    image_url: z.string().trim().min(1).max(2000, "The image address is too long.").optional(),
    client_id: z.uuid("client_id must be a UUID (it makes a retried send safe)."),
  })
  .strict()
  .refine((body) => body.text !== undefined || body.image_url !== undefined, {
    message: "Write a message or attach an image first.",
    path: ["text"],
  });

const listQuerySchema = z.object({
  filter: z.enum(["all", "dm", "comments", "unread", "needs_reply"]).default("all"),
  label: z.uuid({ error: "A label id is a UUID." }).optional(),
  q: z.string().trim().max(100, "Search for at most 100 characters.").optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const idParam = z.object({ id: z.string().min(1).max(200) });

/**
 * /api/inbox (issue 15): the unified conversation list (spec §3 conversation list item: id,
 * updated_time, last_message_sender_id, plus kind, person, preview, unread and needs-reply), DM
 * threads and replies through the Send API, comment threads with public and private replies,
 * moderation, read state and saved replies. Everything is the signed-in user's own account's:
 * another account's id is simply not found.
 */
export function inboxRoutes(deps: InboxDeps) {
  return (
    new Hono<AppEnv>()
      .use(requireMemberByMethod("inbox:write"))
      .get("/conversations", validate("query", listQuerySchema), async (c) => {
        const page = await listConversations(deps, c.var.workspace, c.req.valid("query"));
        if (!page.connected)
          return c.json({ connected: false as const, items: [], nextCursor: null });
        return c.json({
          connected: true as const,
          items: page.items.map((row) => ({
            id: row.id,
            kind: row.kind,
            updated_time: row.updatedTime.toISOString(),
            last_message_sender_id: row.lastSenderId,
            preview: row.preview,
            items: row.items,
            person: {
              id: row.personId,
              username: row.username,
              name: row.name,
              profile_pic: row.profilePic,
            },
            caption: row.caption,
            is_unread: row.isUnread,
            needs_reply: row.needsReply,
            labels: row.labels,
          })),
          nextCursor: page.nextCursor,
        });
      })
      // Deep links (/messages?conversation=<id>, the analytics drawer's post link) name an id
      // without its kind: this says which it is, or 404 when it is not the user's.
      .get("/conversations/:id", validate("param", idParam), async (c) => {
        const row = await findConversation(deps, c.var.workspace, c.req.valid("param").id);
        return c.json({ id: row.id, kind: row.kind });
      })
      .get("/conversations/:id/messages", validate("param", idParam), async (c) => {
        const thread = await readDmThread(deps, c.var.workspace, c.req.valid("param").id);
        return c.json({
          messages: thread.messages,
          person: thread.person
            ? {
                id: thread.person.id,
                username: thread.person.username,
                name: thread.person.name,
                profile_pic: thread.person.profilePic,
              }
            : null,
          window: thread.window,
          read_at: thread.readAt?.toISOString() ?? null,
          is_marked_unread: thread.isMarkedUnread,
        });
      })
      .post(
        "/conversations/:id/messages",
        validate("param", idParam),
        validate("json", replySchema),
        async (c) => {
          const { text, image_url: imageUrl, client_id: clientId } = c.req.valid("json");
          const sent = await sendReply(deps, {
            workspaceId: c.var.workspace.id,
            accountId: c.var.workspace.accountId,
            storageFolder: c.var.workspace.storageFolder,
            threadId: c.req.valid("param").id,
            text,
            imageUrl,
            clientId,
          });
          await recordAudit(deps, c.var, "inbox.replied", {
            target: c.req.valid("param").id,
            details: { kind: "dm" },
          });
          return c.json(sent, 201);
        },
      )
      .post(
        "/conversations/:id/read",
        validate("param", idParam),
        validate(
          "json",
          z
            .object({
              kind: z.enum(["dm", "comments"]),
              read: z.boolean("Say whether the conversation is read (true) or unread (false)."),
            })
            .strict(),
        ),
        async (c) => {
          const { scope } = await requireActive(deps, c.var.workspace);
          const id = c.req.valid("param").id;
          const { kind, read } = c.req.valid("json");
          const rows = await listInboxConversations(deps.db, scope, {
            filter: kind,
            limit: 1,
            exactId: id,
          });
          const row = rows[0];
          if (!row) throw notFound();
          await setConversationReadState(deps.db, scope, {
            kind,
            conversationId: id,
            read,
            readAt: row.updatedTime,
          });
          return c.json({ id, kind, is_unread: !read });
        },
      )
      .get("/posts/:id/comments", validate("param", idParam), async (c) => {
        const thread = await readCommentThread(deps, c.var.workspace, c.req.valid("param").id);
        return c.json({
          post: {
            id: thread.post.id,
            caption: thread.post.caption,
            permalink: thread.post.permalink,
            media_type: thread.post.mediaType,
            posted_at: thread.post.postedAt?.toISOString() ?? null,
            thumbnail_url: thread.post.thumbnailUrl,
          },
          comments: thread.comments.map(
            ({ privateReply: { sentAt, text, ...state }, ...comment }) => ({
              id: comment.id,
              parent_id: comment.parentId,
              from_id: comment.fromId,
              username: comment.username,
              text: comment.text,
              created_at: comment.createdAt.toISOString(),
              is_own: comment.isOwn,
              is_hidden: comment.isHidden,
              private_reply: { ...state, sent_at: sentAt?.toISOString() ?? null, text },
            }),
          ),
          read_at: thread.readAt?.toISOString() ?? null,
          is_marked_unread: thread.isMarkedUnread,
        });
      })
      .post(
        "/comments/:id/replies",
        validate("param", idParam),
        validate("json", z.object({ text: commentTextSchema }).strict()),
        async (c) => {
          const result = await replyToComment(deps, {
            workspaceId: c.var.workspace.id,
            accountId: c.var.workspace.accountId,
            commentId: c.req.valid("param").id,
            text: c.req.valid("json").text,
          });
          await recordAudit(deps, c.var, "inbox.replied", {
            target: c.req.valid("param").id,
            details: { kind: "comment" },
          });
          return c.json(result, 201);
        },
      )
      .post(
        "/comments/:id/private-reply",
        validate("param", idParam),
        validate("json", z.object({ text: messageTextSchema }).strict()),
        async (c) => {
          const result = await sendPrivateReply(deps, {
            workspaceId: c.var.workspace.id,
            accountId: c.var.workspace.accountId,
            commentId: c.req.valid("param").id,
            text: c.req.valid("json").text,
          });
          await recordAudit(deps, c.var, "inbox.replied", {
            target: c.req.valid("param").id,
            details: { kind: "private_reply" },
          });
          return c.json(result, 201);
        },
      )
      .post(
        "/comments/:id/hide",
        validate("param", idParam),
        validate(
          "json",
          z.object({ hidden: z.boolean("Say whether to hide (true) or unhide (false).") }).strict(),
        ),
        async (c) => {
          const result = await hideComment(deps, {
            workspaceId: c.var.workspace.id,
            accountId: c.var.workspace.accountId,
            commentId: c.req.valid("param").id,
            hidden: c.req.valid("json").hidden,
          });
          await recordAudit(deps, c.var, "inbox.comment_hidden", {
            target: c.req.valid("param").id,
            details: { hidden: c.req.valid("json").hidden },
          });
          return c.json(result);
        },
      )
      .delete("/comments/:id", validate("param", idParam), async (c) => {
        const result = await deleteComment(deps, {
          workspaceId: c.var.workspace.id,
          accountId: c.var.workspace.accountId,
          commentId: c.req.valid("param").id,
        });
        await recordAudit(deps, c.var, "inbox.comment_deleted", {
          target: c.req.valid("param").id,
        });
        return c.json(result);
      })
      // Issue 33 point 4: how fast the account answers, the figures client reports print too.
      .get("/response-times", validate("query", inboxResponseTimesQuerySchema), async (c) => {
        const { from, to, timezone } = c.req.valid("query");
        const found = await activeScope(deps, c.var.workspace);
        if (!found) return c.json({ connected: false as const });
        const timeZone = await responseTimesZone(deps.db, c.var.user.id, timezone);
        const measured = await measureResponseTimes(
          deps.db,
          found.scope,
          { from, to, timeZone },
          dateOf(deps.now),
        );
        return c.json({
          connected: true as const,
          from: measured.from,
          to: measured.to,
          timeZone: measured.timeZone,
          comments: measured.comments,
          dms: measured.dms,
        });
      })
      .get("/saved-replies", async (c) => {
        const rows = await listSavedReplies(deps.db, c.var.workspace.id);
        return c.json({
          items: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
        });
      })
      .post("/saved-replies", validate("json", savedReplyInputSchema), async (c) => {
        if ((await countSavedReplies(deps.db, c.var.workspace.id)) >= MAX_SAVED_REPLIES) {
          throw new AppError(
            "conflict",
            `You can keep up to ${MAX_SAVED_REPLIES} saved replies. Delete one to add another.`,
          );
        }
        const row = await createSavedReply(deps.db, c.var.workspace.id, c.req.valid("json"));
        return c.json({ ...row, updatedAt: row.updatedAt.toISOString() }, 201);
      })
      .put(
        "/saved-replies/:id",
        validate("param", z.object({ id: z.uuid("This saved reply does not exist.") })),
        validate("json", savedReplyInputSchema),
        async (c) => {
          const row = await updateSavedReply(
            deps.db,
            c.var.workspace.id,
            c.req.valid("param").id,
            c.req.valid("json"),
          );
          if (!row) throw new AppError("not_found", "This saved reply does not exist.");
          return c.json({ ...row, updatedAt: row.updatedAt.toISOString() });
        },
      )
      .delete(
        "/saved-replies/:id",
        validate("param", z.object({ id: z.uuid("This saved reply does not exist.") })),
        async (c) => {
          if (!(await deleteSavedReply(deps.db, c.var.workspace.id, c.req.valid("param").id))) {
            throw new AppError("not_found", "This saved reply does not exist.");
          }
          return c.json({ deleted: true as const });
        },
      )
  );
}
