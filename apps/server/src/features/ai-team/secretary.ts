import {
  type AiFact,
  type AiFactAction,
  MESSAGING_WINDOW_MS,
  messagingWindow,
  type SuggestionIntent,
  suggestionIntent,
  suggestReply,
  zonedParts,
} from "@sightline/contracts";
import { findInstagramConnection, listWaitingForReply } from "@sightline/db";
import type { RoleFacts, RoleFactsInput } from "./role-facts.ts";
import { classifyMessage, type MessageKind } from "./secretary-classifier.ts";

/*
 * The Secretary (issue 31 point 4): inbox triage. Every DM thread and comment thread whose last
 * word is someone else's, classified by the built-in classifier, ranked by kind then age, with a
 * suggested reply whose "Send" goes through the inbox's own routes; `canSend` says what those
 * routes would answer (the 24-hour window for DMs, an active connection for both).
 */

/** At most this many items are listed (the summary counts them all). */
export const TRIAGE_ITEMS = 20;
/**
 * What the Secretary looks at: messages and comments of the last 30 days. An unanswered comment
 * from months ago is not a reply to write today (a DM's window closed after 24 hours anyway).
 */
export const TRIAGE_LOOKBACK_DAYS = 30;
/** Rows read per channel at most, newest first: the summary's counts rest on these. */
const READ_PER_CHANNEL = 1000;
const HOUR_MS = 3_600_000;
const WINDOW_HOURS = MESSAGING_WINDOW_MS / HOUR_MS;

/** Complaints first, then purchase intent, questions, the rest, praise; spam last. */
export const kindPriority: Record<MessageKind, number> = {
  complaint: 0,
  purchase: 1,
  question: 2,
  other: 3,
  praise: 4,
  spam: 5,
};

export const kindNames: Record<MessageKind, [string, string]> = {
  complaint: ["complaint", "complaints"],
  purchase: ["purchase question", "purchase questions"],
  question: ["question", "questions"],
  other: ["other message", "other messages"],
  praise: ["compliment", "compliments"],
  spam: ["likely spam", "likely spam"],
};

type Waiting = {
  channel: "dm" | "comment";
  /** The inbox conversation it belongs to (DM thread id, or the post's media id). */
  conversation: { kind: "dm" | "comments"; id: string };
  /** What the reply goes to: the DM thread, or the comment answered. */
  replyTo: string;
  username: string | null;
  name: string | null;
  text: string;
  messages: number;
  /** When the person last wrote. */
  at: Date;
};

function plural(count: number, [one, many]: [string, string]): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Two days and more in days (the `ageDays` figure), less in hours (`ageHours`). */
function ageText(hours: number): string {
  if (hours >= 48) return `${Math.floor(hours / 24)} days`;
  return hours < 1 ? "less than an hour" : `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

/** The inbox's address of a conversation (`/messages?open=dm:<id>`, as the inbox page keeps it). */
export function conversationHref(kind: "dm" | "comments", id: string): string {
  return `/messages?${new URLSearchParams({ open: `${kind}:${id}` }).toString()}`;
}

function replyState(
  item: Waiting,
  connectionActive: boolean,
  now: Date,
): { canSend: boolean; reason: string | null } {
  if (!connectionActive) {
    return { canSend: false, reason: "Reconnect Instagram in Settings: its access ended." };
  }
  if (item.channel === "comment") return { canSend: true, reason: null };
  const window = messagingWindow(item.at, now);
  if (window.isOpen) return { canSend: true, reason: null };
  return {
    canSend: false,
    reason: `The 24-hour window to reply closed on ${window.closesAt!.slice(0, 16).replace("T", " ")} UTC. Instagram lets a business reply within 24 hours of the person's last message.`,
  };
}

/** The suggested reply's template: the classifier's kind, or the inbox's own reading for "other". */
function templateIntent(kind: MessageKind, text: string): SuggestionIntent {
  if (kind === "other") return suggestionIntent(text) === "greeting" ? "greeting" : "general";
  return kind === "spam" ? "general" : kind;
}

export async function secretaryFacts(input: RoleFactsInput): Promise<RoleFacts> {
  const { db, scope, now, timeZone } = input;
  const since = new Date(now.getTime() - TRIAGE_LOOKBACK_DAYS * 24 * HOUR_MS);
  const stored = await listWaitingForReply(db, scope, { since, limit: READ_PER_CHANNEL });
  const today = zonedParts(now, timeZone).date;
  if (stored.storedConversations === 0) {
    const who = input.username ? `@${input.username}` : "this account";
    return {
      status: "not-enough-data",
      period: null,
      facts: [],
      headline: `No messages or comments are stored for ${who} yet.`,
      paragraphs: [
        "The Secretary sorts what waits for a reply once the first DMs or comments on your posts are synced.",
      ],
    };
  }
  const connection = await findInstagramConnection(db, scope.workspaceId, scope.accountId);
  const connectionActive = connection?.status === "active";

  const waiting: Waiting[] = [
    ...stored.threads.map(
      (thread): Waiting => ({
        channel: "dm",
        conversation: { kind: "dm", id: thread.threadId },
        replyTo: thread.threadId,
        username: thread.username,
        name: thread.name,
        text: thread.text,
        messages: thread.messages,
        at: thread.lastInbound,
      }),
    ),
    ...stored.comments.map(
      (comment): Waiting => ({
        channel: "comment",
        conversation: { kind: "comments", id: comment.mediaId },
        replyTo: comment.commentId,
        username: comment.username,
        name: null,
        text: comment.text ?? "",
        messages: 1,
        at: comment.createdAt,
      }),
    ),
  ];
  const ranked = waiting
    .map((item) => ({
      item,
      classification: classifyMessage(item.text),
      ageHours: Math.max(0, Math.floor((now.getTime() - item.at.getTime()) / HOUR_MS)),
    }))
    .sort(
      (a, b) =>
        kindPriority[a.classification.kind] - kindPriority[b.classification.kind] ||
        a.item.at.getTime() - b.item.at.getTime() ||
        a.item.replyTo.localeCompare(b.item.replyTo),
    );

  const counts = Object.fromEntries(
    Object.keys(kindPriority).map((kind) => [
      kind,
      ranked.filter((entry) => entry.classification.kind === kind).length,
    ]),
  ) as Record<MessageKind, number>;
  const total = ranked.length;
  const oldest = ranked.reduce<(typeof ranked)[number] | undefined>(
    (found, entry) => (!found || entry.item.at < found.item.at ? entry : found),
    undefined,
  );
  const windowClosed = ranked.filter(
    (entry) => entry.item.channel === "dm" && !messagingWindow(entry.item.at, now).isOpen,
  ).length;
  const shown = Math.min(total, TRIAGE_ITEMS);
  const period = { from: zonedParts(since, timeZone).date, to: today };

  const items = ranked.slice(0, TRIAGE_ITEMS).map((entry, index): AiFact => {
    const { item, classification, ageHours } = entry;
    const kind = classification.kind;
    const who = item.username ? `@${item.username}` : "Someone";
    const where = item.channel === "dm" ? "by DM" : "in a comment";
    const quote = excerpt(item.text);
    const state = replyState(item, connectionActive, now);
    const suggestion = suggestReply({
      kind: item.channel === "dm" ? "dm" : "comments",
      name: item.name ?? item.username,
      lastText: item.text,
      intent: templateIntent(kind, item.text),
    });
    const action: AiFactAction | undefined =
      kind === "spam" || !suggestion
        ? undefined
        : {
            kind: "reply",
            channel: item.channel,
            threadId: item.replyTo,
            text: suggestion.text,
            canSend: state.canSend,
            reason: state.reason,
          };
    const verdict =
      kind === "spam"
        ? "It looks like spam: hide it in the inbox rather than answer."
        : item.channel === "dm" && !messagingWindow(item.at, now).isOpen
          ? `The ${WINDOW_HOURS}-hour window to answer by DM has closed.`
          : `A ${kindNames[kind][0]}.`;
    return {
      id: `${item.channel}.${item.replyTo}`,
      kind: "triage-item",
      title: `${kindNames[kind][0][0]!.toUpperCase()}${kindNames[kind][0].slice(1)} from ${who}`,
      statement: `${who} wrote ${where} ${ageText(ageHours)} ago${quote ? `: “${quote}”` : ""}. ${verdict}`,
      figures: {
        rank: index + 1,
        kind,
        ageHours,
        ageDays: Math.floor(ageHours / 24),
        username: item.username,
        channel: item.channel,
        messages: item.messages,
        excerpt: quote,
        classifierScore: classification.score,
        ...(item.channel === "dm" ? { windowHours: WINDOW_HOURS } : {}),
      },
      period: { from: zonedParts(item.at, timeZone).date, to: today },
      sample: { size: item.messages, unit: "messages" },
      links: [
        {
          label: item.channel === "dm" ? `Conversation with ${who}` : "Comments on your post",
          href: conversationHref(item.conversation.kind, item.conversation.id),
        },
      ],
      ...(action ? { action } : {}),
    };
  });

  const summary: AiFact = {
    id: "triage.summary",
    kind: "triage-summary",
    title: "What waits for a reply",
    statement: summaryStatement(total, counts),
    figures: {
      waiting: total,
      ...counts,
      dms: ranked.filter((entry) => entry.item.channel === "dm").length,
      comments: ranked.filter((entry) => entry.item.channel === "comment").length,
      oldestAgeHours: oldest?.ageHours ?? null,
      oldestAgeDays: oldest ? Math.floor(oldest.ageHours / 24) : null,
      windowClosed,
      windowHours: WINDOW_HOURS,
      shown,
      lookbackDays: TRIAGE_LOOKBACK_DAYS,
    },
    period,
    sample: { size: total, unit: "messages" },
    links: [{ label: "Inbox", href: "/messages" }],
  };
  return {
    status: "ready",
    period,
    facts: total === 0 ? [summary] : [...items, summary],
    ...triageWording(summary, items[0]),
  };
}

/** The summary's sentence: how many wait, by kind. */
export function summaryStatement(total: number, counts: Record<MessageKind, number>): string {
  const byKind = (Object.keys(kindPriority) as MessageKind[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => plural(counts[kind], kindNames[kind]));
  return total === 0
    ? `Nothing from the last ${TRIAGE_LOOKBACK_DAYS} days waits for a reply.`
    : `${plural(total, ["message waits", "messages wait"])} for a reply: ${byKind.join(", ")} (the last ${TRIAGE_LOOKBACK_DAYS} days).`;
}

/** The built-in wording of a triage, from its summary and its first item. */
export function triageWording(
  summary: AiFact,
  first: AiFact | undefined,
): { headline: string; paragraphs: string[] } {
  const figures = summary.figures;
  const total = Number(figures.waiting ?? 0);
  if (total === 0 || !first) {
    return {
      headline: "Inbox zero: nothing waits for a reply.",
      paragraphs: [
        `Every DM and every comment on your posts of the last ${TRIAGE_LOOKBACK_DAYS} days has had an answer from you.`,
      ],
    };
  }
  const counts = Object.fromEntries(
    (Object.keys(kindPriority) as MessageKind[]).map((kind) => [kind, Number(figures[kind] ?? 0)]),
  ) as Record<MessageKind, number>;
  const byKind = (Object.keys(kindPriority) as MessageKind[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => plural(counts[kind], kindNames[kind]));
  const windowClosed = Number(figures.windowClosed ?? 0);
  const shown = Number(figures.shown ?? 0);
  const headline = `${plural(total, ["message waits", "messages wait"])} for a reply: ${byKind.join(", ")}; the oldest for ${ageText(Number(figures.oldestAgeHours ?? 0))}.`;
  const firstKind = first.figures.kind as MessageKind;
  const firstWho = first.figures.username ? `@${first.figures.username}` : "someone";
  const paragraphs = [
    `Answer first: the ${kindNames[firstKind][0]} from ${firstWho} ${first.figures.channel === "dm" ? "by DM" : "in a comment"}, waiting ${ageText(Number(first.figures.ageHours ?? 0))}.`,
  ];
  if (windowClosed > 0) {
    paragraphs.push(
      `${windowClosed === 1 ? "1 DM is" : `${windowClosed} DMs are`} past Instagram's ${WINDOW_HOURS}-hour window: a reply by message is no longer possible there.`,
    );
  }
  const notes: string[] = [];
  if (counts.spam > 0) {
    notes.push(
      `${counts.spam === 1 ? "1 looks" : `${counts.spam} look`} like spam: hide rather than answer.`,
    );
  }
  if (total > shown) notes.push(`The list shows the first ${shown}.`);
  if (notes.length > 0) paragraphs.push(notes.join(" "));
  return { headline, paragraphs };
}
