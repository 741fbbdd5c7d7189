import {
  commentTextSchema,
  MAX_SAVED_REPLIES,
  messageTextSchema,
  messagingWindow,
  privateReplyState,
  savedReplyInputSchema,
} from "@sightline/contracts";
import {
  countSavedReplies,
  createSavedReply,
  deleteSavedReply,
  findCommentThread,
  findConversationReadState,
  findInboxPerson,
  findThreadCounterpart,
  type InstagramConnectionRow,
  labelsOfConversations,
  listInboxConversations,
  listSavedReplies,
  listThreadMessages,
  setConversationReadState,
  updateSavedReply,
  upsertInboxPerson,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMemberByMethod } from "../../middleware/session.ts";
import { dateOf } from "../../platform/clock.ts";
import { isBucket } from "../../platform/storage.ts";
import { accountClientFor, handleGraphFailure } from "../instagram/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import { deleteComment, hideComment, replyToComment, sendPrivateReply } from "./comment-actions.ts";
import {
  activeScope,
  type InboxDeps,
  type InboxScope,
  notFound,
  requireActive,
} from "./inbox-scope.ts";
import { sendReply } from "./send-reply.ts";
import { threadThumbnail } from "./thread-thumbnail.ts";

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

/** A person's profile is read again from Instagram at most once a day. */
const PROFILE_MAX_AGE_MS = 24 * 3_600_000;
/** Profiles the list reads per page (never more than the page), and how many at once. */
const LIST_PROFILE_READS = 50;
const LIST_PROFILE_CONCURRENCY = 4;

function encodeCursor(row: { updatedTime: Date; id: string }) {
  return Buffer.from(JSON.stringify([row.updatedTime.toISOString(), row.id])).toString("base64url");
}

function decodeCursor(cursor: string): { updatedTime: Date; id: string } {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [string, string];
    const updatedTime = new Date(time);
    if (typeof id !== "string" || Number.isNaN(updatedTime.getTime())) throw new Error();
    return { updatedTime, id };
  } catch {
    throw new AppError(
      "validation_failed",
      "The page cursor is not valid. Start again from the first page.",
    );
  }
}

/**
 * /api/inbox (issue 15): the unified conversation list (spec §3 conversation list item: id,
 * updated_time, last_message_sender_id, plus kind, person, preview, unread and needs-reply), DM
 * threads and replies through the Send API, comment threads with public and private replies,
 * moderation, read state and saved replies. Everything is the signed-in user's own account's:
 * another account's id is simply not found.
 */
export function inboxRoutes(deps: InboxDeps) {
  /**
   * Stored replies name their image by path (and an echo may carry a signed URL that expires):
   * the thread gets a fresh signed URL for the caller's own files of this server's storage
   * (never for anyone else's, whatever a message names).
   */
  function shownUrl(folder: string, url: string | null): string | null {
    if (!url) return url;
    let parsed: URL;
    try {
      parsed = new URL(url, deps.publicUrl);
    } catch {
      return url;
    }
    const match = /^\/storage\/([^/]+)\/(.+)$/.exec(parsed.pathname);
    if (parsed.origin !== new URL(deps.publicUrl).origin || !match?.[1] || !match[2]) return url;
    if (!isBucket(match[1]) || match[1] === "instagram_media") return url;
    try {
      const key = decodeURIComponent(match[2]);
      if (!key.startsWith(`${folder}/`)) return url;
      return deps.storage.signedUrl(match[1], key);
    } catch {
      return url;
    }
  }

  /**
   * Reads a DM counterpart's profile (name, username, picture) from Instagram into
   * inbox_people. Contract §5.3: the person messaged first, so their profile may be read.
   * Undefined when Instagram refuses (a refused token marks the connection).
   */
  async function readPersonProfile(
    connection: InstagramConnectionRow,
    scope: InboxScope,
    igsid: string,
    knownUsername: string | null,
  ) {
    try {
      const profile = await accountClientFor(deps.instagram, connection).getUserProfile(
        igsid,
        "name,username,profile_pic",
      );
      await upsertInboxPerson(deps.db, scope, {
        igsid,
        username: profile.username ?? knownUsername,
        name: profile.name ?? null,
        profilePic: profile.profile_pic ?? null,
      });
      return await findInboxPerson(deps.db, scope, igsid);
    } catch (error) {
      await handleGraphFailure(deps.instagram, connection, error);
      return undefined;
    }
  }

  /**
   * The list shows each DM person's picture at once (issue 24 point 5), not initials until the
   * thread is opened: people on this page whose profile was never read are read now, a few at a
   * time, and kept (a day, as when a thread opens). The picture itself loads through the media
   * proxy, which lets the browser cache it.
   */
  async function fillMissingProfiles(
    connection: InstagramConnectionRow,
    scope: InboxScope,
    rows: Awaited<ReturnType<typeof listInboxConversations>>,
  ) {
    if (connection.status !== "active") return rows;
    const unknown = [
      ...new Set(
        rows
          .filter(
            (row) =>
              row.kind === "dm" && row.personId && row.profilePic === null && row.name === null,
          )
          .map((row) => row.personId as string),
      ),
    ].slice(0, LIST_PROFILE_READS);
    if (unknown.length === 0) return rows;
    const read = new Map<
      string,
      { name: string | null; profilePic: string | null; username: string | null }
    >();
    for (let i = 0; i < unknown.length; i += LIST_PROFILE_CONCURRENCY) {
      const batch = unknown.slice(i, i + LIST_PROFILE_CONCURRENCY);
      const people = await Promise.all(
        batch.map((igsid) =>
          readPersonProfile(
            connection,
            scope,
            igsid,
            rows.find((row) => row.personId === igsid)?.username ?? null,
          ),
        ),
      );
      people.forEach((person, index) => {
        if (person) read.set(batch[index]!, person);
      });
    }
    return rows.map((row) => {
      const person = row.personId ? read.get(row.personId) : undefined;
      return person
        ? {
            ...row,
            name: person.name,
            username: person.username ?? row.username,
            profilePic: person.profilePic,
          }
        : row;
    });
  }

  return (
    new Hono<AppEnv>()
      .use(requireMemberByMethod("inbox:write"))
      .get("/conversations", validate("query", listQuerySchema), async (c) => {
        const query = c.req.valid("query");
        const found = await activeScope(deps, c.var.workspace);
        if (!found) return c.json({ connected: false as const, items: [], nextCursor: null });
        const { connection, scope } = found;
        const rows = await listInboxConversations(deps.db, scope, {
          ...(query.filter === "all" ? {} : { filter: query.filter }),
          ...(query.q ? { q: query.q } : {}),
          ...(query.label ? { labelId: query.label } : {}),
          ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
          limit: query.limit + 1,
        });
        const page = await fillMissingProfiles(connection, scope, rows.slice(0, query.limit));
        const labels = await labelsOfConversations(
          deps.db,
          scope,
          page.map((row) => ({ kind: row.kind, conversationId: row.id })),
        );
        return c.json({
          connected: true as const,
          items: page.map((row) => ({
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
            labels: labels.get(`${row.kind}:${row.id}`) ?? [],
          })),
          nextCursor:
            rows.length > query.limit && page.length > 0 ? encodeCursor(page.at(-1)!) : null,
        });
      })
      // Deep links (/messages?conversation=<id>, the analytics drawer's post link) name an id
      // without its kind: this says which it is, or 404 when it is not the user's.
      .get("/conversations/:id", validate("param", idParam), async (c) => {
        const { scope } = await requireActive(deps, c.var.workspace);
        const id = c.req.valid("param").id;
        const [row] = await listInboxConversations(deps.db, scope, { exactId: id, limit: 1 });
        if (!row) throw notFound();
        return c.json({ id: row.id, kind: row.kind });
      })
      .get("/conversations/:id/messages", validate("param", idParam), async (c) => {
        const { connection, scope } = await requireActive(deps, c.var.workspace);
        const threadId = c.req.valid("param").id;
        const messages = await listThreadMessages(deps.db, scope, threadId);
        if (messages.length === 0) throw notFound();
        const thread = await findThreadCounterpart(deps.db, scope, threadId);
        let person = thread?.personId
          ? await findInboxPerson(deps.db, scope, thread.personId)
          : undefined;
        const isStale =
          !person ||
          person.name === null ||
          deps.now() - person.fetchedAt.getTime() > PROFILE_MAX_AGE_MS;
        if (thread?.personId && isStale && connection.status === "active") {
          // The thread opens without the profile if Instagram refuses; the stored name stays.
          person =
            (await readPersonProfile(
              connection,
              scope,
              thread.personId,
              person?.username ?? null,
            )) ?? person;
        }
        const readState = await findConversationReadState(deps.db, scope, "dm", threadId);
        return c.json({
          messages: messages.map((message) => ({
            ...message,
            attachments: message.attachments.map((attachment) => ({
              ...attachment,
              url: shownUrl(c.var.workspace.storageFolder, attachment.url),
            })),
          })),
          person: thread?.personId
            ? {
                id: thread.personId,
                username: person?.username ?? null,
                name: person?.name ?? null,
                profile_pic: person?.profilePic ?? null,
              }
            : null,
          window: messagingWindow(thread?.lastInbound ?? null, dateOf(deps.now)),
          read_at: readState?.readAt?.toISOString() ?? null,
          is_marked_unread: readState?.isMarkedUnread ?? false,
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
        const { connection, scope } = await requireActive(deps, c.var.workspace);
        const mediaId = c.req.valid("param").id;
        const thread = await findCommentThread(deps.db, scope, mediaId);
        if (!thread) throw notFound();
        const thumbnailUrl = await threadThumbnail(deps, connection, scope, mediaId, thread.media);
        const now = dateOf(deps.now);
        const readState = await findConversationReadState(deps.db, scope, "comments", mediaId);
        return c.json({
          post: {
            id: mediaId,
            caption: thread.media?.caption ?? null,
            permalink: thread.media?.permalink ?? null,
            media_type: thread.media?.mediaType ?? null,
            posted_at: thread.media?.postedAt?.toISOString() ?? null,
            thumbnail_url: thumbnailUrl,
          },
          comments: thread.comments.map((comment) => {
            const isOwn = comment.fromId === scope.accountId;
            return {
              id: comment.id,
              parent_id: comment.parentId,
              from_id: comment.fromId,
              username: comment.username,
              text: comment.text,
              created_at: comment.createdAt.toISOString(),
              is_own: isOwn,
              is_hidden: comment.isHidden,
              private_reply: {
                ...privateReplyState(
                  {
                    createdAt: comment.createdAt,
                    isOwn,
                    privateReplyAt: comment.privateReplyAt,
                  },
                  now,
                ),
                sent_at: comment.privateReplyAt?.toISOString() ?? null,
                text: comment.privateReplyText,
              },
            };
          }),
          read_at: readState?.readAt?.toISOString() ?? null,
          is_marked_unread: readState?.isMarkedUnread ?? false,
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
