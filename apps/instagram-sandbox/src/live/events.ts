import type { SandboxCore } from "../core/context.ts";
import type { CommentRecord, MessageRecord } from "../data/types.ts";
import { artUrl } from "../graph/urls.ts";

function subscribed(core: SandboxCore, accountId: string, field: string): boolean {
  return core.store.dyn.subscriptions[accountId]?.includes(field) ?? false;
}

function loginOf(core: SandboxCore, accountId: string): "instagram" | "facebook" {
  return core.store.dyn.subscriptionLogins?.[accountId] ?? "instagram";
}

/** §6.4 — `comments` change, captured production form; `time` in seconds. */
export function emitCommentWebhook(core: SandboxCore, comment: CommentRecord): void {
  if (!subscribed(core, comment.accountId, "comments")) return;
  const media = core.store.media.get(comment.mediaId);
  core.webhooks.send(
    {
      object: "instagram",
      entry: [
        {
          id: comment.accountId,
          time: Math.floor(core.now() / 1000),
          changes: [
            {
              field: "comments",
              value: {
                from: {
                  id: comment.fromId,
                  username: comment.username,
                  // Self comments carry the account's own scoped id (§6.4).
                  ...(comment.byOwner ? { self_ig_scoped_id: comment.fromId } : {}),
                },
                media: { id: comment.mediaId, media_product_type: media?.productType ?? "FEED" },
                id: comment.id,
                ...(comment.parentId !== undefined ? { parent_id: comment.parentId } : {}),
                text: comment.text,
              },
            },
          ],
        },
      ],
    },
    "comments",
    loginOf(core, comment.accountId),
  );
}

/** A stored "sandbox-art:" placeholder as the CDN address a client can load. */
function storyUrl(core: SandboxCore, url: string, messageId: string): string {
  return url.startsWith("sandbox-art:")
    ? artUrl(core, "lifestyle", messageId.slice(-12), 720, 960)
    : url;
}

/**
 * §6.4 — `messaging[]` event; `time` and `timestamp` in milliseconds. Messages the business sent
 * come back as echoes: sender and recipient flipped, `is_echo: true`.
 */
export function emitMessageWebhook(
  core: SandboxCore,
  message: MessageRecord,
  isEcho: boolean,
): void {
  if (!subscribed(core, message.accountId, "messages")) return;
  core.webhooks.send(
    {
      object: "instagram",
      entry: [
        {
          id: message.accountId,
          time: core.now(),
          messaging: [
            {
              sender: { id: message.fromId },
              recipient: { id: message.toId },
              timestamp: message.timestamp,
              message: {
                mid: message.id,
                ...(message.text !== undefined ? { text: message.text } : {}),
                ...(isEcho ? { is_echo: true } : {}),
                ...(message.replyToStory
                  ? {
                      reply_to: {
                        story: {
                          url: storyUrl(core, message.replyToStory.url, message.id),
                          id: message.replyToStory.id,
                        },
                      },
                    }
                  : {}),
                ...((message.attachments && message.attachments.length > 0) ||
                message.buttons?.length
                  ? {
                      attachments: [
                        ...(message.attachments ?? []).map((attachment) => ({
                          type: attachment.type,
                          payload: { url: storyUrl(core, attachment.url, message.id) },
                        })),
                        ...(message.buttons?.length
                          ? [
                              {
                                type: "template",
                                payload: {
                                  template_type: "button",
                                  buttons: message.buttons.map((button) => ({
                                    type: "web_url",
                                    url: button.url,
                                    title: button.title,
                                  })),
                                },
                              },
                            ]
                          : []),
                      ],
                    }
                  : {}),
              },
            },
          ],
        },
      ],
    },
    "messages",
    loginOf(core, message.accountId),
  );
}
