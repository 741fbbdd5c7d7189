import { randomUUID } from "node:crypto";
import {
  type Db,
  insertInstagramComment,
  insertInstagramMessage,
  upsertThread,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";

const id = z.string().trim().min(1).max(64);
const optionalTime = z.iso.datetime().optional();

/**
 * NODE_ENV=test only (createApp mounts it nowhere else): lets browser tests put an inbound DM or
 * a comment into the signed-in user's inbox tables while a page is open, as the Instagram sync
 * will. The server owns its embedded database, so a test process cannot write to it directly.
 * Rows go to the caller's own user id only.
 */
export function inboxTestRoutes(deps: { db: Db; now: Clock; events: EventBus }) {
  return new Hono<AppEnv>()
    .post(
      "/messages",
      requireMember("publish"),
      validate(
        "json",
        z.object({
          accountId: id,
          conversationId: id,
          businessIgsid: id,
          fromId: id,
          direction: z.enum(["inbound", "outbound"]).default("inbound"),
          text: z.string().max(1000).optional(),
          createdTime: optionalTime,
        }),
      ),
      async (c) => {
        const input = c.req.valid("json");
        const workspaceId = c.var.workspace.id;
        await upsertThread(deps.db, {
          workspaceId,
          accountId: input.accountId,
          threadId: input.conversationId,
          businessIgsid: input.businessIgsid,
        });
        const igMessageId = `m_${randomUUID()}`;
        await insertInstagramMessage(deps.db, {
          workspaceId,
          accountId: input.accountId,
          conversationId: input.conversationId,
          igMessageId,
          fromId: input.fromId,
          direction: input.direction,
          text: input.text ?? null,
          createdTime: input.createdTime ? new Date(input.createdTime) : dateOf(deps.now),
        });
        // As the sync will: an inbound message is announced to the user's open pages at once.
        if (input.direction === "inbound") {
          await deps.events.publish(workspaceId, "ig-message", {
            conversationId: input.conversationId,
            messageId: igMessageId,
          });
        }
        return c.json({ igMessageId }, 201);
      },
    )
    .post(
      "/comments",
      requireMember("publish"),
      validate(
        "json",
        z.object({
          accountId: id,
          igMediaId: id,
          mediaOwnerId: id,
          userIgsid: id,
          text: z.string().max(1000).optional(),
          createdAt: optionalTime,
        }),
      ),
      async (c) => {
        const input = c.req.valid("json");
        const igCommentId = `c_${randomUUID()}`;
        await insertInstagramComment(deps.db, {
          workspaceId: c.var.workspace.id,
          accountId: input.accountId,
          igCommentId,
          igMediaId: input.igMediaId,
          mediaOwnerId: input.mediaOwnerId,
          userIgsid: input.userIgsid,
          text: input.text ?? null,
          createdAt: input.createdAt ? new Date(input.createdAt) : dateOf(deps.now),
        });
        if (input.mediaOwnerId === input.accountId && input.userIgsid !== input.accountId) {
          await deps.events.publish(c.var.workspace.id, "instagram-comment:created", {
            commentId: igCommentId,
            mediaId: input.igMediaId,
          });
        }
        return c.json({ igCommentId }, 201);
      },
    );
}
