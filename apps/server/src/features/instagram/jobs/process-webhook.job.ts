import {
  findInstagramConnectionsByAccount,
  findWebhookEvent,
  insertComments,
  markWebhookEventProcessed,
} from "@sightline/db";
import {
  commentChangeValueSchema,
  type MessagingEvent,
  parseWebhookPayload,
} from "@sightline/instagram-graph";
import { z } from "zod";
import { defineInstagramJob, hasCapability } from "../context.ts";
import { commentRows, syncCommentsOfMedia, syncConversation } from "../sync/inbox.ts";
import { openSyncRun } from "../sync/run.ts";

/**
 * Turns one stored webhook delivery into inbox rows for every user connected to the account it
 * names, and tells their open tabs. A comment whose payload is complete is stored as is; a
 * partial one, and every message (a webhook carries no conversation id), is read back from
 * Instagram for just that post or thread.
 */
export const processWebhookJob = defineInstagramJob({
  name: "instagram-process-webhook",
  version: 1,
  schema: z.object({ eventId: z.number().int().positive() }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  concurrency: 4,
  async run(payload, ctx) {
    const event = await findWebhookEvent(ctx.db, payload.eventId);
    if (!event || event.processedAt) return;
    const body = parseWebhookPayload(event.body);
    for (const entry of body.entry) {
      const connections = (await findInstagramConnectionsByAccount(ctx.db, entry.id)).filter(
        (connection) => connection.status === "active",
      );
      for (const connection of connections) {
        const run = openSyncRun(ctx, connection);
        const commentedMedia = new Set<string>();
        for (const change of entry.changes ?? []) {
          if (change.field !== "comments" || !hasCapability(connection, "comments")) continue;
          const value = commentChangeValueSchema.safeParse(change.value);
          if (!value.success || !value.data.media?.id) continue;
          const comment = value.data;
          const mediaId = comment.media!.id;
          commentedMedia.add(mediaId);
          if (comment.text === undefined || comment.from === undefined) {
            await syncCommentsOfMedia(run, mediaId);
            continue;
          }
          const inserted = await insertComments(
            ctx.db,
            commentRows(run, mediaId, [
              {
                id: comment.id,
                text: comment.text,
                timestamp: new Date(entry.time * 1000).toISOString(),
                username: comment.from.username,
                from: {
                  id: comment.from.self_ig_scoped_id ? connection.instagramId : comment.from.id,
                },
              },
            ]).map((row) => ({ ...row, parentIgCommentId: comment.parent_id ?? null })),
          );
          run.newComments += inserted.length;
        }
        const people = new Set<string>();
        for (const messaging of entry.messaging ?? []) {
          if (!hasCapability(connection, "messages")) break;
          const other = otherParty(messaging, entry.id);
          if (other) people.add(other);
        }
        for (const person of people) {
          const page = await run.client.listConversations({ userId: person, limit: 1 });
          for (const conversation of page.data) await syncConversation(run, conversation.id);
        }
        if (run.newComments > 0) {
          await ctx.events.publish(connection.userId, "instagram-comment:created", {
            mediaIds: [...commentedMedia],
          });
        }
        if (run.newMessages > 0) {
          await ctx.events.publish(connection.userId, "ig-message", { count: run.newMessages });
        }
        if (run.newComments > 0 || run.newMessages > 0) {
          await ctx.events.publish(connection.userId, "notifications:updated");
        }
      }
    }
    await markWebhookEventProcessed(ctx.db, payload.eventId, { at: new Date(ctx.now()) });
  },
});

/** The person on the other side of a messaging event (an echo is the account's own message). */
function otherParty(event: MessagingEvent, accountId: string): string | undefined {
  if (!event.message || event.message.is_deleted) return undefined;
  const other = event.message.is_echo ? event.recipient.id : event.sender.id;
  return other === accountId ? undefined : other;
}
