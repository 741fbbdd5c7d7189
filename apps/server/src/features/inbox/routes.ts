import {
  type Db,
  findInstagramConnection,
  listInboxConversations,
  listThreadMessages,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-types.ts";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import { requireUser } from "../../middleware/session.ts";

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
export function inboxRoutes(deps: { db: Db }) {
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
    );
}
