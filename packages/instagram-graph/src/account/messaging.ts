import { z } from "zod";
import { type Page, toPage } from "../pagination.ts";
import {
  conversationListSchema,
  conversationSchema,
  type InstagramConversation,
  type InstagramMessage,
  messageSchema,
  type SendMessageResult,
  sendMessageResultSchema,
} from "../schemas/messaging.ts";
import { type AccountScope, nodePath } from "./scope.ts";

export const messageFields = "id,created_time,from,to,message,attachments,is_unsupported";

export type SendOptions = {
  /**
   * §5.2 — answer up to 7 days after the person's last message (needs the Human Agent feature;
   * humans only, never automation).
   */
  humanAgent?: boolean;
};

export type MessageAttachmentInput = {
  type: "image" | "video" | "audio" | "file";
  url: string;
};

/** A URL button of a button template (title ≤ 20 characters). */
export type LinkButton = { title: string; url: string };

function buttonTemplate(text: string, buttons: LinkButton[]) {
  return {
    attachment: {
      type: "template",
      payload: {
        template_type: "button",
        text,
        buttons: buttons.map((button) => ({
          type: "web_url",
          url: button.url,
          title: button.title,
        })),
      },
    },
  };
}

export function createMessagingApi(scope: AccountScope) {
  function sendMessage(body: Record<string, unknown>): Promise<SendMessageResult> {
    return scope.send(
      {
        method: "POST",
        path: nodePath(scope.messagingOwner(), "messages"),
        json: body,
        // A lost response after Meta delivered would double-send on retry.
        idempotent: false,
      },
      sendMessageResultSchema,
    );
  }

  function tagFields(options: SendOptions): Record<string, unknown> {
    return options.humanAgent
      ? { messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" }
      : { messaging_type: "RESPONSE" };
  }

  return {
    /** §5.1 — conversations, most recently updated first. */
    async listConversations(
      options: { limit?: number; after?: string; userId?: string } = {},
    ): Promise<Page<InstagramConversation>> {
      const response = await scope.get(
        nodePath(scope.messagingOwner(), "conversations"),
        {
          platform: "instagram",
          fields: "id,updated_time,participants",
          user_id: options.userId,
          limit: options.limit,
          after: options.after,
        },
        conversationListSchema,
      );
      return toPage(response);
    },

    /** §5.1 — the newest messages of a conversation (only the 20 newest can be expanded). */
    async listMessages(
      conversationId: string,
      options: { limit?: number } = {},
    ): Promise<{
      participants: Array<{ id: string; username?: string | undefined }>;
      messages: InstagramMessage[];
    }> {
      const limit = Math.min(options.limit ?? 20, 20);
      const response = await scope.get(
        nodePath(conversationId),
        { fields: `id,updated_time,participants,messages.limit(${limit}){${messageFields}}` },
        conversationSchema,
      );
      return {
        participants: response.participants?.data ?? [],
        messages: response.messages?.data ?? [],
      };
    },

    getMessage(messageId: string): Promise<InstagramMessage> {
      return scope.get(nodePath(messageId), { fields: messageFields }, messageSchema);
    },

    /** §5.2 — text ≤ 1 000 bytes, inside the 24 h window (or 7 days with `humanAgent`). */
    sendText(recipientIgsid: string, text: string, options: SendOptions = {}) {
      return sendMessage({
        recipient: { id: recipientIgsid },
        message: { text },
        ...tagFields(options),
      });
    },

    sendAttachment(
      recipientIgsid: string,
      attachment: MessageAttachmentInput,
      options: SendOptions = {},
    ) {
      return sendMessage({
        recipient: { id: recipientIgsid },
        message: { attachment: { type: attachment.type, payload: { url: attachment.url } } },
        ...tagFields(options),
      });
    },

    /**
     * §5.2 — a button template: text (≤ 640 characters) with up to three buttons that open a
     * web page in Instagram's in-app browser.
     */
    sendButtons(
      recipientIgsid: string,
      text: string,
      buttons: LinkButton[],
      options: SendOptions = {},
    ) {
      return sendMessage({
        recipient: { id: recipientIgsid },
        message: buttonTemplate(text, buttons),
        ...tagFields(options),
      });
    },

    /**
     * §5.2 — one private reply per comment, within 7 days of it; with a link, the link goes as
     * a button under the text.
     */
    sendPrivateReply(commentId: string, text: string, button?: LinkButton) {
      return sendMessage({
        recipient: { comment_id: commentId },
        message: button ? buttonTemplate(text, [button]) : { text },
      });
    },

    /** §6.3 — subscribe this account to the app's webhooks. */
    subscribeWebhooks(fields: readonly string[] = ["comments", "messages"]) {
      return scope.post(
        nodePath(scope.messagingOwner(), "subscribed_apps"),
        { subscribed_fields: fields.join(",") },
        z.object({ success: z.boolean() }),
        { idempotent: true },
      );
    },

    async listWebhookSubscriptions(): Promise<string[]> {
      const response = await scope.get(
        nodePath(scope.messagingOwner(), "subscribed_apps"),
        {},
        z.object({ data: z.array(z.object({ subscribed_fields: z.array(z.string()) }).loose()) }),
      );
      return response.data.flatMap((entry) => entry.subscribed_fields);
    },

    unsubscribeWebhooks() {
      return scope.send(
        {
          method: "DELETE",
          path: nodePath(scope.messagingOwner(), "subscribed_apps"),
          idempotent: true,
        },
        z.object({ success: z.boolean() }),
      );
    },
  };
}
