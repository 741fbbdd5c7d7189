import {
  type Db,
  findInstagramConnection,
  findThreadCounterpart,
  insertSendingMessage,
  listInboxConversations,
  listThreadMessages,
  settleSendingMessage,
} from "@sightline/db";
import { isGraphApiError } from "@sightline/instagram-graph";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-types.ts";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import { requireUser } from "../../middleware/session.ts";
import { handleGraphFailure } from "../instagram/connection-service.ts";
import { accountClientFor, type InstagramContext } from "../instagram/context.ts";

/** Instagram's standard messaging window (contract §5.2). */
const MESSAGING_WINDOW_MS = 24 * 3_600_000;

const replySchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, "Write a message first.")
      .refine(
        (text) => new TextEncoder().encode(text).length <= 1000,
        "Instagram takes at most 1,000 bytes per message.",
      ),
    client_id: z.uuid("client_id must be a UUID (it makes a retried send safe)."),
  })
  .strict();

const listQuerySchema = z.object({
  filter: z.enum(["all", "dm", "comments"]).default("all"),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

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
 * /api/inbox (issue 15, first piece): the unified conversation list (spec §3 conversation list
 * item: id, updated_time, last_message_sender_id, plus kind, preview and whether it needs a
 * reply) and a DM thread's messages. Everything is the signed-in user's own account's.
 */
export function inboxRoutes(deps: { db: Db; instagram: InstagramContext; now: () => Date }) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/conversations", validate("query", listQuerySchema), async (c) => {
      const query = c.req.valid("query");
      const connection = await findInstagramConnection(deps.db, c.var.user.id);
      if (!connection) return c.json({ connected: false as const, items: [], nextCursor: null });
      const accountId = connection.instagramId;
      const rows = await listInboxConversations(
        deps.db,
        { userId: c.var.user.id, accountId },
        {
          ...(query.filter === "all" ? {} : { kind: query.filter }),
          ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
          limit: query.limit + 1,
        },
      );
      const page = rows.slice(0, query.limit);
      return c.json({
        connected: true as const,
        items: page.map((row) => ({
          id: row.id,
          kind: row.kind,
          updated_time: row.updatedTime.toISOString(),
          last_message_sender_id: row.lastSenderId,
          preview: row.preview,
          items: row.items,
          // The last word is someone else's: the account has not answered it yet.
          needs_reply: row.lastSenderId !== accountId,
        })),
        nextCursor:
          rows.length > query.limit && page.length > 0 ? encodeCursor(page.at(-1)!) : null,
      });
    })
    .get(
      "/conversations/:id/messages",
      validate("param", z.object({ id: z.string().min(1).max(200) })),
      async (c) => {
        const connection = await findInstagramConnection(deps.db, c.var.user.id);
        if (!connection) throw new AppError("not_found", "This conversation does not exist.");
        const messages = await listThreadMessages(
          deps.db,
          { userId: c.var.user.id, accountId: connection.instagramId },
          c.req.valid("param").id,
        );
        if (messages.length === 0)
          throw new AppError("not_found", "This conversation does not exist.");
        return c.json({ messages });
      },
    )
    .post(
      "/conversations/:id/messages",
      validate("param", z.object({ id: z.string().min(1).max(200) })),
      validate("json", replySchema),
      async (c) => {
        const { text, client_id: clientId } = c.req.valid("json");
        const connection = await findInstagramConnection(deps.db, c.var.user.id);
        if (!connection) throw new AppError("not_found", "This conversation does not exist.");
        const scope = { userId: c.var.user.id, accountId: connection.instagramId };
        const threadId = c.req.valid("param").id;
        const thread = await findThreadCounterpart(deps.db, scope, threadId);
        if (!thread) throw new AppError("not_found", "This conversation does not exist.");
        if (!thread.personId || !thread.lastInbound) {
          throw new AppError("conflict", "There is no message from this person to reply to yet.");
        }
        const now = deps.now();
        if (now.getTime() - thread.lastInbound.getTime() > MESSAGING_WINDOW_MS) {
          const closed = new Date(thread.lastInbound.getTime() + MESSAGING_WINDOW_MS);
          throw new AppError(
            "conflict",
            `The 24-hour window to reply closed on ${closed.toISOString().slice(0, 16).replace("T", " ")} UTC. Instagram lets a business reply within 24 hours of the person's last message.`,
          );
        }
        if (connection.status !== "active") {
          throw new AppError("conflict", "Reconnect Instagram in Settings: its access ended.");
        }
        const pendingId = `pending:${clientId}`;
        const started = await insertSendingMessage(deps.db, {
          ...scope,
          conversationId: threadId,
          clientMessageId: clientId,
          pendingId,
          fromId: thread.businessIgsid,
          text,
          now,
        });
        if (!started) throw new AppError("conflict", "This message is already sent or on its way.");
        try {
          const sent = await accountClientFor(deps.instagram, connection).sendText(
            thread.personId,
            text,
          );
          const messageId = sent.message_id ?? `sent:${clientId}`;
          await settleSendingMessage(deps.db, scope, pendingId, { messageId });
          return c.json({ status: "sent" as const, message_id: messageId }, 201);
        } catch (error) {
          await handleGraphFailure(deps.instagram, connection, error);
          const reason = isGraphApiError(error)
            ? error.message
            : "Instagram could not be reached. Please try again.";
          await settleSendingMessage(deps.db, scope, pendingId, { error: reason });
          // The text stays in the thread as a failed message, with the reason, to retry.
          throw new AppError("unavailable", `The message was not sent: ${reason}`);
        }
      },
    );
}
