import {
  findInstagramConnectionsByAccount,
  insertComments,
  listPendingWebhookEvents,
  markWebhookEventDeadLettered,
  markWebhookEventFailed,
  markWebhookEventsProcessed,
} from "@sightline/db";
import {
  commentChangeValueSchema,
  type MessagingEvent,
  mentionChangeValueSchema,
  parseWebhookPayload,
  storyInsightsChangeValueSchema,
} from "@sightline/instagram-graph";
import { z } from "zod";
import {
  defineInstagramJob,
  hasCapability,
  type InboxArrival,
  type InstagramContext,
  type MentionArrival,
} from "../context.ts";
import { commentRows, syncCommentsOfMedia, syncConversation } from "../sync/inbox.ts";
import { openSyncRun } from "../sync/run.ts";
import { storeStoryInsightsChange } from "../sync/stories.ts";
import { mentionsUsername, type OwnMediaLookup, ownMediaLookup } from "./comment-mentions.ts";

const BATCH = 50;
/** Attempts before an event is dead-lettered (the last back-off is 2^6 × 30 s, about 32 min). */
export const WEBHOOK_MAX_ATTEMPTS = 8;

/**
 * Drains stored webhook deliveries, oldest first, in batches: each becomes inbox rows for every
 * user connected to the account it names, and their open tabs are told. A comment whose payload
 * is complete is stored as is; a partial one, and every message (a webhook carries no
 * conversation id), is read back from Instagram for just that post or thread. One drain runs at a
 * time ("stately", one key); the receiver asks for one after each new delivery.
 *
 * A failed event is retried on its own: it is skipped until its back-off has passed, and the
 * wake-up for it is a job under a key of its own (`retryAt`, one per second) that only asks for an
 * ordinary drain when it runs. A delayed drain under the drain's key would hold its one waiting
 * place and fold every new delivery's drain request into itself, waiting out the back-off (issue
 * 25: a comment's way to the inbox went from 0.2 s to 57 s behind one poison event). After
 * WEBHOOK_MAX_ATTEMPTS the event is dead-lettered (`dead_lettered_at`, an error in the log).
 */
export const processWebhooksJob = defineInstagramJob({
  name: "instagram-process-webhooks",
  version: 1,
  schema: z.object({ retryAt: z.string().optional() }),
  policy: "stately",
  key: (payload) => (payload.retryAt ? `retry:${payload.retryAt.slice(0, 19)}` : "drain"),
  retryLimit: 5,
  retryDelaySeconds: 10,
  async run(payload, ctx) {
    if (payload.retryAt) {
      await ctx.queue.send(processWebhooksJob, {});
      return;
    }
    for (;;) {
      const events = await listPendingWebhookEvents(ctx.db, {
        now: new Date(ctx.now()),
        limit: BATCH,
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      });
      if (events.length === 0) return;
      const done: number[] = [];
      const connectionsOf = cachedConnectionLookup(ctx);
      const news = new BatchNews();
      const isOwnMedia = ownMediaLookup(ctx, events, connectionsOf);
      for (const event of events) {
        try {
          await processEvent(ctx, event.body, connectionsOf, news, isOwnMedia);
          done.push(event.id);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (event.attempts + 1 >= WEBHOOK_MAX_ATTEMPTS) {
            ctx.logger.error(
              { err: error, eventId: event.id, attempts: event.attempts + 1 },
              "webhook event dead-lettered: giving up",
            );
            await markWebhookEventDeadLettered(ctx.db, event.id, {
              error: message,
              at: new Date(ctx.now()),
            });
            continue;
          }
          const delayMs = 2 ** event.attempts * 30_000;
          const retryAt = new Date(ctx.now() + delayMs);
          ctx.logger.warn({ err: error, eventId: event.id }, "webhook event failed; retried later");
          await markWebhookEventFailed(ctx.db, event.id, { error: message, retryAt });
          await ctx.queue.send(
            processWebhooksJob,
            { retryAt: retryAt.toISOString() },
            { startAt: retryAt },
          );
        }
      }
      await markWebhookEventsProcessed(ctx.db, done, new Date(ctx.now()));
      // Lag on the machine's clock, as the row's received_at is (the app's clock may be a test's).
      const processedAt = Date.now();
      const processed = new Set(done);
      for (const event of events) {
        if (!processed.has(event.id)) continue;
        ctx.metrics.observeWebhookLag((processedAt - event.receivedAt.getTime()) / 1000);
      }
      await news.announce(ctx);
      if (events.length < BATCH) return;
    }
  },
});

/**
 * What a batch brought each workspace, told to its open pages once per batch (issue 26 point 5):
 * one `instagram-comment:created` naming the posts with new comments and one `ig-message` naming
 * the threads with new inbound messages, instead of up to three events per delivery. The browser
 * refreshes its bell with either, so no `notifications:updated` is sent beside them.
 */
class BatchNews {
  private readonly byWorkspace = new Map<
    string,
    { mediaIds: Set<string>; conversationIds: Set<string>; messages: number }
  >();

  private of(workspaceId: string) {
    let news = this.byWorkspace.get(workspaceId);
    if (!news) {
      news = { mediaIds: new Set(), conversationIds: new Set(), messages: 0 };
      this.byWorkspace.set(workspaceId, news);
    }
    return news;
  }

  comments(workspaceId: string, mediaIds: Iterable<string>) {
    const news = this.of(workspaceId);
    for (const id of mediaIds) news.mediaIds.add(id);
  }

  messages(workspaceId: string, count: number, conversationIds: Iterable<string>) {
    const news = this.of(workspaceId);
    news.messages += count;
    for (const id of conversationIds) news.conversationIds.add(id);
  }

  async announce(ctx: InstagramContext) {
    for (const [workspaceId, news] of this.byWorkspace) {
      if (news.mediaIds.size > 0) {
        await ctx.events.publish(workspaceId, "instagram-comment:created", {
          mediaIds: [...news.mediaIds],
        });
      }
      if (news.messages > 0) {
        await ctx.events.publish(workspaceId, "ig-message", {
          count: news.messages,
          conversationIds: [...news.conversationIds],
        });
      }
    }
    this.byWorkspace.clear();
  }
}

/** Most deliveries of a batch name the same few accounts: look each up once per batch. */
function cachedConnectionLookup(ctx: InstagramContext) {
  const cache = new Map<string, ReturnType<typeof findInstagramConnectionsByAccount>>();
  return (accountId: string) => {
    let found = cache.get(accountId);
    if (!found) {
      found = findInstagramConnectionsByAccount(ctx.db, accountId);
      cache.set(accountId, found);
    }
    return found;
  };
}

async function processEvent(
  ctx: InstagramContext,
  rawBody: string,
  connectionsOf: (accountId: string) => ReturnType<typeof findInstagramConnectionsByAccount>,
  news: BatchNews,
  isOwnMedia: OwnMediaLookup,
) {
  const body = parseWebhookPayload(rawBody);
  for (const entry of body.entry) {
    const connections = (await connectionsOf(entry.id)).filter(
      (connection) => connection.status === "active",
    );
    for (const connection of connections) {
      const run = openSyncRun(ctx, connection);
      const commentedMedia = new Set<string>();
      const arrivals: InboxArrival[] = [];
      const mentions: MentionArrival[] = [];
      for (const change of entry.changes ?? []) {
        if (change.field === "story_insights") {
          // A story's final figures at its expiry (Facebook Login only; decision 039).
          const value = storyInsightsChangeValueSchema.safeParse(change.value);
          if (value.success) {
            await storeStoryInsightsChange(
              ctx,
              connection,
              value.data,
              new Date(entry.time * 1000),
            );
          }
          continue;
        }
        if (change.field === "mentions" && hasCapability(connection, "comments")) {
          const mention = mentionChangeValueSchema.safeParse(change.value);
          if (mention.success) {
            mentions.push({
              workspaceId: connection.workspaceId,
              accountId: connection.instagramId,
              mediaId: mention.data.media_id,
              commentId: mention.data.comment_id ?? null,
            });
          }
          continue;
        }
        if (change.field !== "comments" || !hasCapability(connection, "comments")) continue;
        const value = commentChangeValueSchema.safeParse(change.value);
        if (!value.success || !value.data.media?.id) continue;
        const comment = value.data;
        const mediaId = value.data.media.id;
        // Instagram Login: "@mentions arrive inside `comments` webhooks" (contract §4). Another
        // account's comment that @mentions the account, on media that is not one of its own, is
        // a mention, stored from the payload (no read-back on [IG]); never an inbox comment.
        if (
          comment.text !== undefined &&
          comment.from !== undefined &&
          !comment.from.self_ig_scoped_id &&
          comment.from.id !== connection.instagramId &&
          mentionsUsername(comment.text, connection.instagramUsername) &&
          !(await isOwnMedia(connection, mediaId))
        ) {
          mentions.push({
            workspaceId: connection.workspaceId,
            accountId: connection.instagramId,
            mediaId,
            commentId: comment.id,
            comment: {
              text: comment.text,
              authorUsername: comment.from.username ?? null,
              at: new Date(entry.time * 1000),
            },
          });
          continue;
        }
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
        run.newComments += inserted;
        if (!comment.from.self_ig_scoped_id && comment.from.id !== connection.instagramId) {
          arrivals.push({
            kind: "comment",
            workspaceId: connection.workspaceId,
            accountId: connection.instagramId,
            commentId: comment.id,
            parentId: comment.parent_id ?? null,
            mediaId,
            personId: comment.from.id,
            username: comment.from.username ?? null,
            text: comment.text,
            at: new Date(entry.time * 1000),
          });
        }
      }
      const people = new Set<string>();
      for (const messaging of entry.messaging ?? []) {
        if (!hasCapability(connection, "messages")) break;
        const other = otherParty(messaging, entry.id);
        if (other) people.add(other);
        const message = messaging.message;
        if (other && message && !message.is_echo && messaging.sender.id === other) {
          const replyTo = message.reply_to as { story?: unknown } | undefined;
          arrivals.push({
            kind: "message",
            workspaceId: connection.workspaceId,
            accountId: connection.instagramId,
            messageId: message.mid,
            personId: other,
            text: message.text ?? null,
            at: new Date(messaging.timestamp),
            storyMention: (message.attachments ?? []).some((item) => item.type === "story_mention"),
            storyReply: replyTo?.story !== undefined,
          });
        }
      }
      const threadsWithNews: string[] = [];
      for (const person of people) {
        const page = await run.client.listConversations({ userId: person, limit: 1 });
        for (const conversation of page.data) {
          const before = run.newMessages;
          await syncConversation(run, conversation.id);
          if (run.newMessages > before) threadsWithNews.push(conversation.id);
        }
      }
      // After the inbox has them (an automation's reply reads the stored comment), before the
      // delivery counts as processed.
      if (arrivals.length > 0 && ctx.onInboxArrivals) await ctx.onInboxArrivals(arrivals);
      if (mentions.length > 0 && ctx.onMentions) await ctx.onMentions(mentions);
      if (run.newComments > 0) news.comments(connection.workspaceId, commentedMedia);
      if (run.newMessages > 0) {
        news.messages(connection.workspaceId, run.newMessages, threadsWithNews);
      }
    }
  }
}

/** The person on the other side of a messaging event (an echo is the account's own message). */
function otherParty(event: MessagingEvent, accountId: string): string | undefined {
  if (!event.message || event.message.is_deleted) return undefined;
  const other = event.message.is_echo ? event.recipient.id : event.sender.id;
  return other === accountId ? undefined : other;
}
