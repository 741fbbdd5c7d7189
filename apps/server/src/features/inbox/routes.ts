import { createHash } from "node:crypto";
import {
  commentTextSchema,
  MAX_SAVED_REPLIES,
  messageTextSchema,
  messagingWindow,
  privateReplyState,
  savedReplyInputSchema,
} from "@sightline/contracts";
import {
  claimPrivateReply,
  countSavedReplies,
  createSavedReply,
  type Db,
  deleteSavedReply,
  deleteStoredComment,
  findCommentThread,
  findConversationReadState,
  findInboxPerson,
  findInstagramConnection,
  findOwnPostComment,
  findThreadCounterpart,
  type InstagramConnectionRow,
  insertComments,
  insertSendingMessage,
  listInboxConversations,
  listSavedReplies,
  listThreadMessages,
  setCommentHidden,
  setConversationReadState,
  settlePrivateReply,
  settleSendingMessage,
  updateSavedReply,
  upsertInboxPerson,
} from "@sightline/db";
import { isGraphApiError, isOutsideMessagingWindow } from "@sightline/instagram-graph";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-types.ts";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import { requireUser } from "../../middleware/session.ts";
import { isBucket, type Storage, sniffMedia } from "../../platform/storage.ts";
import { handleGraphFailure } from "../instagram/connection-service.ts";
import { accountClientFor, type InstagramContext } from "../instagram/context.ts";
import { ownStoredFile } from "../publishing/own-file.ts";

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

/** Contract §5.2: Instagram takes image attachments up to 8 MB. */
export const MAX_DM_IMAGE_BYTES = 8 * 1024 * 1024;
const DM_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif"]);

/**
 * The image half of a reply has its own client id, derived from the reply's, so each half is
 * sent at most once and a retry sends only the half that failed.
 */
export function imageClientId(clientId: string): string {
  const hex = createHash("sha256").update(`${clientId}:image`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const listQuerySchema = z.object({
  filter: z.enum(["all", "dm", "comments", "unread", "needs_reply"]).default("all"),
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

type InboxScope = { userId: string; accountId: string };

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

const notFound = () => new AppError("not_found", "This conversation does not exist.");
const commentNotFound = () => new AppError("not_found", "This comment does not exist.");

/** What the user reads under a failed reply: Instagram's words, never the request's address. */
function graphReason(error: unknown): string {
  if (!isGraphApiError(error)) return "Instagram could not be reached. Please try again.";
  if (isOutsideMessagingWindow(error)) {
    return "Instagram says the 24-hour window to reply has closed: a business can reply only within 24 hours of the person's last message.";
  }
  return error.userMessage ?? error.graphMessage;
}

/**
 * /api/inbox (issue 15): the unified conversation list (spec §3 conversation list item: id,
 * updated_time, last_message_sender_id, plus kind, person, preview, unread and needs-reply), DM
 * threads and replies through the Send API, comment threads with public and private replies,
 * moderation, read state and saved replies. Everything is the signed-in user's own account's:
 * another account's id is simply not found.
 */
export function inboxRoutes(deps: {
  db: Db;
  instagram: InstagramContext;
  now: () => Date;
  storage: Storage;
  publicUrl: string;
}) {
  /**
   * Stored replies name their image by path (and an echo may carry a signed URL that expires):
   * the thread gets a fresh signed URL for the caller's own files of this server's storage
   * (never for anyone else's, whatever a message names).
   */
  function shownUrl(userId: string, url: string | null): string | null {
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
      if (!key.startsWith(`${userId}/`)) return url;
      return deps.storage.signedUrl(match[1], key);
    } catch {
      return url;
    }
  }

  /** The caller's own stored image, checked as Instagram would take it in a DM. */
  async function ownDmImage(userId: string, raw: string) {
    const file = ownStoredFile(deps.storage, deps.publicUrl, userId, raw);
    const bytes = file ? await deps.storage.get(file.bucket, file.key) : undefined;
    if (!file || !bytes) {
      throw new AppError("not_found", "This image does not exist. Upload it again.");
    }
    const media = sniffMedia(bytes);
    if (!media || !DM_IMAGE_TYPES.has(media.contentType)) {
      throw new AppError(
        "unsupported_media_type",
        "Instagram takes JPEG, PNG or GIF images in messages. Choose another image.",
      );
    }
    if (bytes.length > MAX_DM_IMAGE_BYTES) {
      throw new AppError(
        "payload_too_large",
        "The image is too large: Instagram takes images up to 8 MB in messages.",
      );
    }
    return {
      path: `/storage/${file.bucket}/${file.key.split("/").map(encodeURIComponent).join("/")}`,
      // Instagram (or the sandbox) downloads it from here when the message is sent.
      url: deps.storage.signedUrl(file.bucket, file.key),
    };
  }

  async function activeScope(userId: string) {
    const connection = await findInstagramConnection(deps.db, userId);
    if (!connection) return undefined;
    return { connection, scope: { userId, accountId: connection.instagramId } };
  }

  async function requireActive(userId: string) {
    const found = await activeScope(userId);
    if (!found) throw notFound();
    return found;
  }

  function ensureConnectionActive(connection: { status: string }) {
    if (connection.status !== "active") {
      throw new AppError("conflict", "Reconnect Instagram in Settings: its access ended.");
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
      .use(requireUser)
      .get("/conversations", validate("query", listQuerySchema), async (c) => {
        const query = c.req.valid("query");
        const found = await activeScope(c.var.user.id);
        if (!found) return c.json({ connected: false as const, items: [], nextCursor: null });
        const { connection, scope } = found;
        const rows = await listInboxConversations(deps.db, scope, {
          ...(query.filter === "all" ? {} : { filter: query.filter }),
          ...(query.q ? { q: query.q } : {}),
          ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
          limit: query.limit + 1,
        });
        const page = await fillMissingProfiles(connection, scope, rows.slice(0, query.limit));
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
          })),
          nextCursor:
            rows.length > query.limit && page.length > 0 ? encodeCursor(page.at(-1)!) : null,
        });
      })
      // Deep links (/messages?conversation=<id>, the analytics drawer's post link) name an id
      // without its kind: this says which it is, or 404 when it is not the user's.
      .get("/conversations/:id", validate("param", idParam), async (c) => {
        const { scope } = await requireActive(c.var.user.id);
        const id = c.req.valid("param").id;
        const [row] = await listInboxConversations(deps.db, scope, { exactId: id, limit: 1 });
        if (!row) throw notFound();
        return c.json({ id: row.id, kind: row.kind });
      })
      .get("/conversations/:id/messages", validate("param", idParam), async (c) => {
        const { connection, scope } = await requireActive(c.var.user.id);
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
          deps.now().getTime() - person.fetchedAt.getTime() > PROFILE_MAX_AGE_MS;
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
              url: shownUrl(c.var.user.id, attachment.url),
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
          window: messagingWindow(thread?.lastInbound ?? null, deps.now()),
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
          const { connection, scope } = await requireActive(c.var.user.id);
          const threadId = c.req.valid("param").id;
          const thread = await findThreadCounterpart(deps.db, scope, threadId);
          if (!thread) throw notFound();
          const image = imageUrl ? await ownDmImage(c.var.user.id, imageUrl) : undefined;
          if (!thread.personId || !thread.lastInbound) {
            throw new AppError("conflict", "There is no message from this person to reply to yet.");
          }
          const personId = thread.personId;
          const now = deps.now();
          const window = messagingWindow(thread.lastInbound, now);
          if (!window.isOpen) {
            throw new AppError(
              "conflict",
              `The 24-hour window to reply closed on ${window.closesAt!.slice(0, 16).replace("T", " ")} UTC. Instagram lets a business reply within 24 hours of the person's last message.`,
            );
          }
          ensureConnectionActive(connection);
          // Image first, then the text: two Send API calls in a fixed order, each its own
          // message in the thread. Only the parts not sent yet (new, or failed) are claimed.
          const parts: Array<{
            pendingId: string;
            send: () => Promise<{ message_id?: string }>;
          }> = [];
          const client = accountClientFor(deps.instagram, connection);
          if (image) {
            const pendingId = `pending:${clientId}:image`;
            const claimed = await insertSendingMessage(deps.db, {
              ...scope,
              conversationId: threadId,
              clientMessageId: imageClientId(clientId),
              pendingId,
              fromId: thread.businessIgsid,
              text: null,
              now,
              attachments: [{ type: "image", url: image.path }],
            });
            if (claimed) {
              parts.push({
                pendingId,
                send: () => client.sendAttachment(personId, { type: "image", url: image.url }),
              });
            }
          }
          if (text !== undefined) {
            const pendingId = `pending:${clientId}`;
            const claimed = await insertSendingMessage(deps.db, {
              ...scope,
              conversationId: threadId,
              clientMessageId: clientId,
              pendingId,
              fromId: thread.businessIgsid,
              text,
              // Just after the image, so the thread keeps the order they were sent in.
              now: image ? new Date(now.getTime() + 1) : now,
            });
            if (claimed) parts.push({ pendingId, send: () => client.sendText(personId, text) });
          }
          if (parts.length === 0)
            throw new AppError("conflict", "This message is already sent or on its way.");
          const messageIds: string[] = [];
          for (const [index, part] of parts.entries()) {
            try {
              const sent = await part.send();
              const messageId =
                sent.message_id ?? `sent:${part.pendingId.slice("pending:".length)}`;
              await settleSendingMessage(deps.db, scope, part.pendingId, { messageId });
              messageIds.push(messageId);
            } catch (error) {
              await handleGraphFailure(deps.instagram, connection, error);
              const reason = graphReason(error);
              // What failed stays in the thread, with the reason, to retry; so does the text
              // after a failed image (it is not sent without the image it goes with).
              await settleSendingMessage(deps.db, scope, part.pendingId, { error: reason });
              for (const later of parts.slice(index + 1)) {
                await settleSendingMessage(deps.db, scope, later.pendingId, {
                  error: `Not sent because the image before it failed: ${reason}`,
                });
              }
              // A closed window is the person's to reopen, not a failure to try again.
              throw new AppError(
                isOutsideMessagingWindow(error) ? "conflict" : "unavailable",
                `The message was not sent: ${reason}`,
              );
            }
          }
          await setConversationReadState(deps.db, scope, {
            kind: "dm",
            conversationId: threadId,
            read: true,
            readAt: thread.lastInbound,
          });
          return c.json(
            { status: "sent" as const, message_id: messageIds.at(-1)!, message_ids: messageIds },
            201,
          );
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
          const { scope } = await requireActive(c.var.user.id);
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
        const { connection, scope } = await requireActive(c.var.user.id);
        const mediaId = c.req.valid("param").id;
        const thread = await findCommentThread(deps.db, scope, mediaId);
        if (!thread) throw notFound();
        let thumbnailUrl: string | null = null;
        if (connection.status === "active") {
          try {
            // CDN URLs expire, so they are read fresh and shown through the media proxy.
            const media = await accountClientFor(deps.instagram, connection).getMedia(
              mediaId,
              "id,media_type,media_url,thumbnail_url",
            );
            thumbnailUrl = media.thumbnail_url ?? media.media_url ?? null;
          } catch (error) {
            await handleGraphFailure(deps.instagram, connection, error);
          }
        }
        const now = deps.now();
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
          const { connection, scope } = await requireActive(c.var.user.id);
          const comment = await findOwnPostComment(deps.db, scope, c.req.valid("param").id);
          if (!comment) throw commentNotFound();
          ensureConnectionActive(connection);
          const { text } = c.req.valid("json");
          // Instagram threads replies under the top-level comment only.
          const parentId = comment.parentId ?? comment.id;
          try {
            const { id } = await accountClientFor(deps.instagram, connection).replyToComment(
              parentId,
              text,
            );
            const now = deps.now();
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
            return c.json({ id, parent_id: parentId }, 201);
          } catch (error) {
            await handleGraphFailure(deps.instagram, connection, error);
            throw new AppError("unavailable", `The reply was not posted: ${graphReason(error)}`);
          }
        },
      )
      .post(
        "/comments/:id/private-reply",
        validate("param", idParam),
        validate("json", z.object({ text: messageTextSchema }).strict()),
        async (c) => {
          const { connection, scope } = await requireActive(c.var.user.id);
          const comment = await findOwnPostComment(deps.db, scope, c.req.valid("param").id);
          if (!comment) throw commentNotFound();
          const now = deps.now();
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
          const { text } = c.req.valid("json");
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
            return c.json({ status: "sent" as const, message_id: sent.message_id ?? null }, 201);
          } catch (error) {
            await handleGraphFailure(deps.instagram, connection, error);
            await settlePrivateReply(deps.db, scope, comment.id, { failed: true });
            if (isOutsideMessagingWindow(error)) {
              throw new AppError(
                "conflict",
                "The private reply was not sent: Instagram says the 7 days to reply privately to this comment have passed.",
              );
            }
            throw new AppError(
              "unavailable",
              `The private reply was not sent: ${graphReason(error)}`,
            );
          }
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
          const { connection, scope } = await requireActive(c.var.user.id);
          const comment = await findOwnPostComment(deps.db, scope, c.req.valid("param").id);
          if (!comment) throw commentNotFound();
          if (comment.fromId === scope.accountId) {
            throw new AppError("conflict", "Your own comments always show: they cannot be hidden.");
          }
          ensureConnectionActive(connection);
          const { hidden } = c.req.valid("json");
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
          return c.json({ id: comment.id, is_hidden: hidden });
        },
      )
      .delete("/comments/:id", validate("param", idParam), async (c) => {
        const { connection, scope } = await requireActive(c.var.user.id);
        const comment = await findOwnPostComment(deps.db, scope, c.req.valid("param").id);
        if (!comment) throw commentNotFound();
        ensureConnectionActive(connection);
        try {
          await accountClientFor(deps.instagram, connection).deleteComment(comment.id);
        } catch (error) {
          await handleGraphFailure(deps.instagram, connection, error);
          throw new AppError("unavailable", `The comment was not deleted: ${graphReason(error)}`);
        }
        await deleteStoredComment(deps.db, scope, comment.id);
        return c.json({ id: comment.id, deleted: true as const });
      })
      .get("/saved-replies", async (c) => {
        const rows = await listSavedReplies(deps.db, c.var.user.id);
        return c.json({
          items: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
        });
      })
      .post("/saved-replies", validate("json", savedReplyInputSchema), async (c) => {
        if ((await countSavedReplies(deps.db, c.var.user.id)) >= MAX_SAVED_REPLIES) {
          throw new AppError(
            "conflict",
            `You can keep up to ${MAX_SAVED_REPLIES} saved replies. Delete one to add another.`,
          );
        }
        const row = await createSavedReply(deps.db, c.var.user.id, c.req.valid("json"));
        return c.json({ ...row, updatedAt: row.updatedAt.toISOString() }, 201);
      })
      .put(
        "/saved-replies/:id",
        validate("param", z.object({ id: z.uuid("This saved reply does not exist.") })),
        validate("json", savedReplyInputSchema),
        async (c) => {
          const row = await updateSavedReply(
            deps.db,
            c.var.user.id,
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
          if (!(await deleteSavedReply(deps.db, c.var.user.id, c.req.valid("param").id))) {
            throw new AppError("not_found", "This saved reply does not exist.");
          }
          return c.json({ deleted: true as const });
        },
      )
  );
}
