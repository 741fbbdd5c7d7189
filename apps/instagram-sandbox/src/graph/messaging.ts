import type { GraphContext } from "../core/context.ts";
import { DAY_MS, HOUR_MS } from "../core/time.ts";
import { conversationId, messageId } from "../data/generate-world.ts";
import type { Account, ConversationRecord, MessageRecord, Person } from "../data/types.ts";
import { graphError, invalidParameter, missingParameter } from "../http/graph-fault.ts";
import { jsonParam, stringParam } from "../http/params.ts";
import { emitMessageWebhook } from "../live/events.ts";
import { requireCapability } from "./auth.ts";
import { conversationNode, messageNode, personNode } from "./nodes.ts";
import { renderNode, requestedFields, respondWithPage } from "./render.ts";

function requireMessaging(ctx: GraphContext): void {
  requireCapability(ctx, "messages");
}

/** `GET /{owner}/conversations?platform=instagram` (§5.1). */
export function listConversations(ctx: GraphContext, account: Account): Record<string, unknown> {
  requireMessaging(ctx);
  if (ctx.login === "facebook") requireCapability(ctx, "metadata");
  const platform = stringParam(ctx.params, "platform");
  // [FB] without platform=instagram the Page's Messenger inbox is listed; the sandbox has none.
  if (ctx.login === "facebook" && platform !== "instagram") return { data: [] };
  const userId = stringParam(ctx.params, "user_id");
  const fields = requestedFields(ctx);
  const store = ctx.core.store;
  let items = store
    .conversationsOf(account.igUserId, ctx.now)
    .map(({ conversation, updatedAt }) => ({ ...conversation, updatedAt }));
  if (userId !== undefined) items = items.filter((item) => item.personId === userId);
  return respondWithPage(ctx, items, {
    idOf: (c) => c.id,
    keyOf: (c) => c.updatedAt,
    render: (c) => renderNode(conversationNode, c, fields, ctx),
    descending: true,
    defaultLimit: 25,
    maxLimit: 100,
  });
}

export function getConversation(
  ctx: GraphContext,
  conversation: ConversationRecord,
): Record<string, unknown> {
  requireMessaging(ctx);
  const messages = ctx.core.store.listMessages(conversation.id, ctx.now);
  const updatedAt = messages[messages.length - 1]?.timestamp ?? 0;
  return renderNode(conversationNode, { ...conversation, updatedAt }, requestedFields(ctx), ctx);
}

export function listConversationMessages(
  ctx: GraphContext,
  conversation: ConversationRecord,
): Record<string, unknown> {
  requireMessaging(ctx);
  const fields = requestedFields(ctx);
  const newest = ctx.core.store.listMessages(conversation.id, ctx.now).slice(-20).reverse();
  return respondWithPage(ctx, newest, {
    idOf: (m) => m.id,
    keyOf: (m) => m.timestamp,
    render: (m) => renderNode(messageNode, m, fields, ctx),
    descending: true,
    defaultLimit: 20,
    maxLimit: 20,
  });
}

export function getMessage(ctx: GraphContext, message: MessageRecord): Record<string, unknown> {
  requireMessaging(ctx);
  return renderNode(messageNode, message, requestedFields(ctx), ctx);
}

/** §5.3 — only people who messaged the account first (consent). */
export function getPerson(ctx: GraphContext, person: Person): Record<string, unknown> {
  requireMessaging(ctx);
  const lastInbound = ctx.core.store.lastInboundAt(person.accountId, person.igsid, ctx.now);
  if (lastInbound === undefined) {
    throw graphError(230, "(#230) User consent is required to access user profile", {
      userTitle: "User consent required",
      userMessage: "User consent is required to access user profile",
    });
  }
  return renderNode(personNode, person, requestedFields(ctx), ctx);
}

/**
 * §5.2 — as Meta answers on graph.instagram.com (captured replies, issue 25): HTTP 403, type
 * IGApiException, code 10 / subcode 2534022, and a message without the "(#10)" prefix.
 */
const outsideWindow = () =>
  graphError(10, "This message is sent outside of allowed window.", {
    subcode: 2534022,
    type: "IGApiException",
    status: 403,
  });

type MessageContent = {
  text?: string;
  attachments?: Array<{ type: string; url: string }>;
  buttons?: Array<{ title: string; url: string }>;
};

/**
 * §5.2 button template: text up to 640 characters and one to three buttons, each a `web_url`
 * (an http(s) URL and a title up to 20 characters) or a `postback` (a title and a payload).
 */
function buttonTemplate(payload: Record<string, unknown>): MessageContent {
  const text = payload.text;
  if (typeof text !== "string" || text === "")
    throw invalidParameter("param message[attachment][payload][text] must be a non-empty string");
  if ([...text].length > 640)
    throw invalidParameter(
      "Length of param message[attachment][payload][text] must be less than or equal to 640",
    );
  const buttons = payload.buttons;
  if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 3)
    throw invalidParameter("param message[attachment][payload][buttons] must have 1 to 3 buttons");
  const links: Array<{ title: string; url: string }> = [];
  for (const raw of buttons as Array<Record<string, unknown>>) {
    const title = raw?.title;
    if (typeof title !== "string" || title === "" || [...title].length > 20)
      throw invalidParameter("A button's title must be 1 to 20 characters");
    if (raw.type === "web_url") {
      const url = typeof raw.url === "string" ? raw.url : "";
      if (!/^https?:\/\/[^\s]+$/i.test(url))
        throw invalidParameter("A web_url button needs a valid url");
      links.push({ title, url });
    } else if (raw.type === "postback") {
      if (typeof raw.payload !== "string" || raw.payload === "")
        throw invalidParameter("A postback button needs a payload");
    } else {
      throw invalidParameter("Unsupported button type");
    }
  }
  return { text, buttons: links };
}

function messageContent(ctx: GraphContext): MessageContent {
  const raw = jsonParam(ctx.params, "message");
  if (raw === undefined || typeof raw !== "object" || raw === null)
    throw missingParameter("message");
  const message = raw as {
    text?: unknown;
    attachment?: {
      type?: unknown;
      payload?: { url?: unknown; id?: unknown; template_type?: unknown };
    };
  };
  if (message.text !== undefined) {
    if (typeof message.text !== "string" || message.text === "")
      throw invalidParameter("param message[text] must be a non-empty UTF-8 encoded string");
    if (Buffer.byteLength(message.text, "utf8") > 1000) {
      throw invalidParameter("Length of param message[text] must be less than or equal to 1000");
    }
    return { text: message.text };
  }
  if (message.attachment !== undefined) {
    const type = String(message.attachment.type ?? "").toLowerCase();
    if (type === "like_heart") return { attachments: [{ type: "like_heart", url: "" }], text: "❤️" };
    if (type === "template") {
      const payload = (message.attachment.payload ?? {}) as Record<string, unknown>;
      if (payload.template_type !== "button")
        throw invalidParameter("Unsupported template_type (the sandbox plays the button template)");
      return buttonTemplate(payload);
    }
    if (!["image", "video", "audio", "file", "media_share"].includes(type))
      throw invalidParameter("Unsupported attachment type");
    const url = message.attachment.payload?.url ?? message.attachment.payload?.id;
    if (typeof url !== "string" || url === "")
      throw invalidParameter("Attachment payload needs a url");
    return { attachments: [{ type, url }] };
  }
  throw invalidParameter("param message must contain text or an attachment");
}

/**
 * §5.4 — Meta's messaging rate limits per account: private replies per hour and Send API calls
 * per second, on the sandbox's clock, counted per copy of the world (a reset starts afresh).
 * Only calls that were accepted count. Over the limit Meta answers code 613 (the custom rate
 * limit of §8.2, transient): nothing is sent.
 */
const sendLogs = new WeakMap<object, Map<string, { replies: number[]; sends: number[] }>>();

function rateLimited(): never {
  throw graphError(613, "(#613) Calls to this api have exceeded the rate limit.", {
    isTransient: true,
  });
}

function checkSendLimits(ctx: GraphContext, accountId: string, privateReply: boolean) {
  let logs = sendLogs.get(ctx.core.store);
  if (!logs) {
    logs = new Map();
    sendLogs.set(ctx.core.store, logs);
  }
  let log = logs.get(accountId);
  if (!log) {
    log = { replies: [], sends: [] };
    logs.set(accountId, log);
  }
  log.sends = log.sends.filter((at) => ctx.now - at < 1000);
  log.replies = log.replies.filter((at) => ctx.now - at < HOUR_MS);
  if (log.sends.length >= ctx.core.options.sendsPerSecond) rateLimited();
  if (privateReply && log.replies.length >= ctx.core.options.privateRepliesPerHour) rateLimited();
  return () => {
    log.sends.push(ctx.now);
    if (privateReply) log.replies.push(ctx.now);
  };
}

/** `POST /{owner}/messages` — Send API, private replies and sender actions (§5.2). */
export function sendMessage(ctx: GraphContext, account: Account): Record<string, unknown> {
  requireMessaging(ctx);
  const store = ctx.core.store;
  const recipient = jsonParam(ctx.params, "recipient") as
    | { id?: unknown; comment_id?: unknown }
    | undefined;
  if (!recipient || typeof recipient !== "object")
    throw graphError(100, "(#100) param recipient must be non-empty.");
  const senderAction = stringParam(ctx.params, "sender_action");
  let person: Person | undefined;
  let privateReplyTo: string | undefined;

  if (recipient.comment_id !== undefined) {
    // §1.1: private replies need the comments grant as well as messaging.
    requireCapability(ctx, "comments");
    const comment = store.comments.get(String(recipient.comment_id));
    if (!comment || comment.accountId !== account.igUserId || comment.byOwner) {
      throw graphError(100, "(#100) No matching comment found", { subcode: 2018001 });
    }
    if (store.dyn.privateReplies[comment.id] !== undefined)
      throw graphError(10900, "Activity already replied to");
    if (ctx.now - comment.timestamp > 7 * DAY_MS) throw outsideWindow();
    person = store.people.get(comment.fromId);
    privateReplyTo = comment.id;
  } else if (recipient.id !== undefined) {
    person = store.people.get(String(recipient.id));
    if (!person || person.accountId !== account.igUserId) {
      throw graphError(100, "(#100) No matching user found", { subcode: 2018001 });
    }
  } else {
    throw graphError(100, "(#100) param recipient must be non-empty.");
  }
  if (!person) throw graphError(100, "(#100) No matching user found", { subcode: 2018001 });

  if (senderAction !== undefined) {
    if (!["react", "unreact", "typing_on", "typing_off", "mark_seen"].includes(senderAction)) {
      throw invalidParameter("Unsupported sender_action");
    }
    return { recipient_id: person.igsid };
  }

  const content = messageContent(ctx);
  const counted = checkSendLimits(ctx, account.igUserId, privateReplyTo !== undefined);
  if (privateReplyTo === undefined) {
    // §5.2: 24 h since the person's last message, or 7 days with the HUMAN_AGENT tag.
    const lastInbound = store.lastInboundAt(account.igUserId, person.igsid, ctx.now);
    const tag = stringParam(ctx.params, "tag");
    const humanAgent =
      tag === "HUMAN_AGENT" && stringParam(ctx.params, "messaging_type") === "MESSAGE_TAG";
    if (lastInbound === undefined) throw outsideWindow();
    const window = humanAgent ? 7 * DAY_MS : 24 * HOUR_MS;
    if (ctx.now - lastInbound > window) throw outsideWindow();
  }

  const counter = store.nextCounter();
  const message: MessageRecord = {
    id: messageId(account.igUserId, `sent:${counter}:${ctx.now}`),
    conversationId: conversationId(account.igUserId, person.igsid),
    accountId: account.igUserId,
    fromId: account.igUserId,
    toId: person.igsid,
    timestamp: ctx.now,
    ...(content.text !== undefined ? { text: content.text } : {}),
    ...(content.attachments !== undefined ? { attachments: content.attachments } : {}),
    ...(content.buttons !== undefined ? { buttons: content.buttons } : {}),
  };
  store.addMessage(message, person.igsid);
  counted();
  if (privateReplyTo !== undefined) {
    store.dyn.privateReplies[privateReplyTo] = ctx.now;
    store.touch();
  }
  emitMessageWebhook(ctx.core, message, true);
  return { recipient_id: person.igsid, message_id: message.id };
}
