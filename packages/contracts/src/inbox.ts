import { z } from "zod";

/*
 * The inbox's shared rules (issue 15): the messaging windows of the Instagram contract (§5.2),
 * saved-reply limits and insertion, and the template suggestion the Secretary offers when no AI
 * provider is configured.
 */

/** Contract §5.2: a business may answer within 24 hours of the person's last message. */
export const MESSAGING_WINDOW_MS = 24 * 3_600_000;
/** Contract §5.2: one private reply per comment, within 7 days of the comment. */
export const PRIVATE_REPLY_WINDOW_MS = 7 * 24 * 3_600_000;
/** Instagram's Send API takes at most 1,000 bytes of text. */
export const MAX_MESSAGE_BYTES = 1000;
/** Instagram comments are at most 2,200 characters. */
export const MAX_COMMENT_LENGTH = 2200;
export const MAX_SAVED_REPLIES = 100;
export const MAX_SAVED_REPLY_TITLE = 60;
export const MAX_SAVED_REPLY_BODY = 1000;

export type MessagingWindow = { isOpen: boolean; closesAt: string | null };

/** When the 24-hour window of a thread closes (or closed); null with no message from the person. */
export function messagingWindow(lastInbound: Date | string | null, now: Date): MessagingWindow {
  if (lastInbound === null) return { isOpen: false, closesAt: null };
  const closes = new Date(new Date(lastInbound).getTime() + MESSAGING_WINDOW_MS);
  return { isOpen: now.getTime() <= closes.getTime(), closesAt: closes.toISOString() };
}

export type PrivateReplyState =
  | { canReply: true; until: string }
  | { canReply: false; reason: "own" | "sent" | "expired"; until: string | null };

/** Contract §5.2: a comment by someone else, not answered privately yet, at most 7 days old. */
export function privateReplyState(
  comment: { createdAt: Date | string; isOwn: boolean; privateReplyAt: Date | string | null },
  now: Date,
): PrivateReplyState {
  if (comment.isOwn) return { canReply: false, reason: "own", until: null };
  const until = new Date(new Date(comment.createdAt).getTime() + PRIVATE_REPLY_WINDOW_MS);
  if (comment.privateReplyAt !== null) {
    return { canReply: false, reason: "sent", until: until.toISOString() };
  }
  if (now.getTime() > until.getTime()) {
    return { canReply: false, reason: "expired", until: until.toISOString() };
  }
  return { canReply: true, until: until.toISOString() };
}

export function messageByteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

export const messageTextSchema = z
  .string()
  .trim()
  .min(1, "Write a message first.")
  .refine(
    (text) => messageByteLength(text) <= MAX_MESSAGE_BYTES,
    "Instagram takes at most 1,000 bytes per message.",
  );

export const commentTextSchema = z
  .string()
  .trim()
  .min(1, "Write a reply first.")
  .max(MAX_COMMENT_LENGTH, "Instagram takes at most 2,200 characters per comment.");

export const savedReplyInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Give the saved reply a short name.")
      .max(MAX_SAVED_REPLY_TITLE, "The name can be at most 60 characters."),
    body: z
      .string()
      .trim()
      .min(1, "Write the reply's text.")
      .max(MAX_SAVED_REPLY_BODY, "A saved reply can be at most 1,000 characters."),
  })
  .strict();
export type SavedReplyInput = z.infer<typeof savedReplyInputSchema>;

/**
 * The '/' trigger of the reply box: the word being typed at the caret when it starts with '/'
 * at the start of the text or after a space. Returns its start and the query after the slash.
 */
export function slashQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/([^\s/]*)$/.exec(before);
  if (!match) return null;
  return { start: before.length - match[2]!.length - 1, query: match[2]! };
}

/** Saved replies whose name or text contains the query (case-insensitive), names first. */
export function matchSavedReplies<T extends { title: string; body: string }>(
  replies: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...replies];
  const byTitle = replies.filter((reply) => reply.title.toLowerCase().includes(needle));
  const byBody = replies.filter(
    (reply) => !byTitle.includes(reply) && reply.body.toLowerCase().includes(needle),
  );
  return [...byTitle, ...byBody];
}

/**
 * Puts a saved reply into the draft: it replaces the '/query' being typed when there is one,
 * else goes in at the caret (with a space between words). Returns the text and the new caret.
 */
export function insertSavedReply(
  text: string,
  caret: number,
  body: string,
): { text: string; caret: number } {
  const slash = slashQuery(text, caret);
  const start = slash ? slash.start : caret;
  const head = text.slice(0, start);
  const tail = text.slice(caret);
  const lead = head.length > 0 && !/\s$/.test(head) ? " " : "";
  const trail = tail.length > 0 && !/^\s/.test(tail) ? " " : "";
  const next = `${head}${lead}${body}${trail}${tail}`;
  return { text: next, caret: head.length + lead.length + body.length + trail.length };
}

export type SuggestionInput = {
  kind: "dm" | "comments";
  /** The first name or username to greet, if known. */
  name: string | null;
  /** The newest message or comment from the other person. */
  lastText: string | null;
  /** The intent when the caller has classified the message itself (the Secretary's triage). */
  intent?: SuggestionIntent;
};

export type ReplySuggestion = { intent: SuggestionIntent; text: string };
export type SuggestionIntent =
  | "complaint"
  | "purchase"
  | "question"
  | "praise"
  | "greeting"
  | "general";

/** A word or phrase alone, not inside a longer word (`\b` does not know accented letters). */
function words(list: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})(?![\\p{L}\\p{N}])`, "iu");
}

/**
 * The intents' words, English first, then common Spanish, German, French and Portuguese ones.
 * The first rule that matches is the message's intent (a complaint that asks is a complaint).
 */
const intentRules: Array<[SuggestionIntent, RegExp]> = [
  [
    "complaint",
    words(
      [
        "refund|broken|damaged|late|never arrived|not arrived|still waiting|wrong|disappointed|disappointing|complain|complaint|(?<!no |not a )problem|issue|terrible|worst|awful|scam|rude|cancel my order|no answer|no reply|where is my order|where's my order|haven't received|have not received|nobody answers|no one answers|chip|chipped|cracked|crack|leaks|leaking",
        "reembolso|roto|rota|dañado|decepcionad[oa]|queja|estafa|todavía no|sigo esperando",
        "kaputt|beschädigt|enttäuscht|rückerstattung|beschwerde|immer noch nicht|falsch",
        "remboursement|cassée?|abîmée?|déçue?|arnaque|toujours pas|réclamation",
        "quebrad[oa]|danificad[oa]|reclamação|ainda não|golpe",
      ].join("|"),
    ),
  ],
  [
    "purchase",
    words(
      [
        "price|prices|cost|how much|buy|order|ship|shipping|deliver|delivery|available|stock|restock|discount|sale|do you sell|where can i get|custom order|commission|spots left|any spots|book a|sign up",
        "precio|cuánto|cuanto cuesta|comprar|pedido|envío|envio|disponible",
        "preis|kostet|kaufen|bestellen|bestellung|versand|lieferung|verfügbar",
        "prix|combien|acheter|commander|commande|livraison",
        "preço|quanto custa|encomenda|entrega|disponível",
      ].join("|"),
    ),
  ],
  [
    "praise",
    /(?<![\p{L}\p{N}])(?:love|loved|lovely|amazing|beautiful|great|awesome|gorgeous|stunning|perfect|perfection|wonderful|fantastic|incredible|brilliant|obsessed|dreamy|cute|thank|thanks|nice|need this|made my (?:day|morning|week)|me encanta|precios[oa]|hermos[oa]|genial|gracias|wunderschön|toll|danke|magnifique|j'adore|superbe|merci|lind[oa]|amei|maravilhos[oa]|obrigad[oa])(?![\p{L}\p{N}])|[❤😍🔥👏🥰😻💕💖🤍🙌✨]/iu,
  ],
  [
    "greeting",
    /^\s*(hi|hey|hello|hallo|hola|olá|ola|salut|bonjour|yo|good (morning|afternoon|evening))(?![\p{L}\p{N}])/iu,
  ],
];

/** Every intent whose words the text has, in the rules' order (the first is the strongest). */
export function matchedIntents(text: string): SuggestionIntent[] {
  return intentRules.flatMap(([intent, rule]) => (rule.test(text) ? [intent] : []));
}

/** The Secretary's triage of a message (design: questions, purchase intent, complaints). */
export function suggestionIntent(text: string | null): SuggestionIntent {
  if (!text) return "general";
  const [first] = matchedIntents(text);
  if (first) return first;
  return /[?¿]/.test(text) ? "question" : "general";
}

/**
 * The Secretary's suggested reply with no AI provider: a template chosen by the intent of the
 * person's last message (or the one the caller gives). The page labels it as a template
 * suggestion.
 */
export function suggestReply(input: SuggestionInput): ReplySuggestion | null {
  if (input.lastText === null) return null;
  const name = input.name?.trim().split(/\s+/)[0]?.replace(/^@/, "");
  const hi = name ? `Hi ${name}` : "Hi";
  const intent = input.intent ?? suggestionIntent(input.lastText);
  const texts: Record<SuggestionIntent, string> = {
    complaint: `${hi}, I'm sorry about this. ${input.kind === "comments" ? "Could you send us a direct message with your order details" : "Could you share your order details"} so we can put it right?`,
    purchase: `${hi}, thanks for your interest! ${input.kind === "comments" ? "Send us a direct message and we'll share the details there." : "Here are the details:"}`,
    question: `${hi}, thanks for asking! `,
    praise: `Thank you so much${name ? `, ${name}` : ""}! That means a lot to us.`,
    greeting: `${hi}! How can we help?`,
    general: `${hi}, thanks for your message! `,
  };
  return { intent, text: texts[intent] };
}

export type MessageAttachment = {
  type: "image" | "video" | "audio" | "file" | "share" | "story" | "link";
  url: string | null;
};

const attachmentKinds: Record<string, MessageAttachment["type"]> = {
  image: "image",
  video: "video",
  reel: "video",
  ig_reel: "video",
  audio: "audio",
  file: "file",
  share: "share",
  ig_post: "share",
  media: "share",
  story: "story",
  story_mention: "story",
  ig_story: "story",
  template: "link",
};

/**
 * One attachment of a message as the inbox shows it, from either shape Instagram sends: the
 * Graph message node (`image_data`, `video_data`, `file_url` with `mime_type`) or the webhook's
 * `{type, payload: {url}}` (contract §5.1, §6.2).
 */
export function normalizeAttachment(raw: {
  type?: string | undefined;
  mime_type?: string | undefined;
  image_data?: { url?: string | undefined } | undefined;
  video_data?: { url?: string | undefined } | undefined;
  file_url?: string | undefined;
  /** A button template the account sent: its link button. */
  generic_template?: { url?: string | undefined; title?: string | undefined } | undefined;
  payload?:
    | { url?: string | undefined; buttons?: Array<{ url?: string | undefined }> | undefined }
    | undefined;
}): MessageAttachment {
  if (raw.generic_template) return { type: "link", url: raw.generic_template.url ?? null };
  if (raw.image_data) return { type: "image", url: raw.image_data.url ?? null };
  if (raw.video_data) return { type: "video", url: raw.video_data.url ?? null };
  if (raw.file_url !== undefined) {
    const mime = raw.mime_type ?? "";
    const type = mime.startsWith("audio/")
      ? "audio"
      : mime.startsWith("video/")
        ? "video"
        : mime.startsWith("image/")
          ? "image"
          : "file";
    return { type, url: raw.file_url };
  }
  const type = attachmentKinds[(raw.type ?? "").toLowerCase()] ?? "file";
  return { type, url: raw.payload?.url ?? raw.payload?.buttons?.[0]?.url ?? null };
}

/** Conversation labels (issue 32): the colours a label may have (the web maps each to a chip). */
export const inboxLabelColors = [
  "slate",
  "red",
  "amber",
  "green",
  "teal",
  "blue",
  "violet",
  "pink",
] as const;
export type InboxLabelColor = (typeof inboxLabelColors)[number];
export const MAX_INBOX_LABELS = 50;
export const MAX_INBOX_LABEL_NAME = 30;
/** Labels one conversation (or one automation) may set at once. */
export const MAX_LABELS_PER_CONVERSATION = 10;

export type InboxLabel = { id: string; name: string; color: InboxLabelColor };

export const inboxLabelInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the label a name.")
    .max(MAX_INBOX_LABEL_NAME, `A label has at most ${MAX_INBOX_LABEL_NAME} characters.`),
  color: z.enum(inboxLabelColors, { error: "Choose one of the label colours." }),
});
export const inboxLabelPatchSchema = inboxLabelInputSchema
  .partial()
  .refine((patch) => patch.name !== undefined || patch.color !== undefined, {
    message: "Change the name or the colour.",
  });

export const conversationLabelsSchema = z.object({
  labelIds: z
    .array(z.uuid({ error: "A label id is a UUID." }))
    .max(
      MAX_LABELS_PER_CONVERSATION,
      `A conversation has at most ${MAX_LABELS_PER_CONVERSATION} labels.`,
    ),
});
