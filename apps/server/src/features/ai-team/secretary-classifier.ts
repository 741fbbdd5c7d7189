import { matchedIntents, type SuggestionIntent } from "@sightline/contracts";
import {
  detectLanguage,
  quickSentimentScore,
  type SentimentLanguage,
} from "../../lib/sentiment.ts";

/*
 * The Secretary's built-in classifier (issue 31 point 4): what kind of message waits for a
 * reply, from keywords (the inbox's intent words in @sightline/contracts, plus spam patterns
 * here) and the AFINN sentiment score Press Radar uses. Deterministic and model-free; a model,
 * when configured, words the replies better but the triage stands without it.
 */

export const messageKinds = [
  "complaint",
  "purchase",
  "question",
  "other",
  "praise",
  "spam",
] as const;
export type MessageKind = (typeof messageKinds)[number];

export type MessageClassification = {
  kind: MessageKind;
  /** The evidence for the chosen kind (each keyword, pattern or tone adds to it); 0 for "other". */
  score: number;
  /** What was seen: "keyword:complaint", "sentiment:-3", "link:bit.ly", "question-mark"… */
  signals: string[];
};

/** Evidence a kind needs before it is chosen. */
const THRESHOLD = 2;

/** Links to these sites are the person pointing at Instagram itself, not an unknown site. */
const knownHosts = /(^|\.)(instagram\.com|instagr\.am|facebook\.com|fb\.com|fb\.me|threads\.net)$/i;
const linkPattern =
  /\b(?:https?:\/\/|www\.)[^\s]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|ly|co|me|xyz|shop|store|link|site|online|top|biz|info|ru|cn)(?:\/[^\s]*)?/giu;

const spamPatterns: Array<[string, RegExp, number]> = [
  [
    "follow-for-follow",
    /\b(follow\s*(4|for)\s*follow|f4f|l4l|like\s*(4|for)\s*like|follow\s*back)\b/i,
    3,
  ],
  [
    "promotion",
    /\b(dm|message|text|contact)\s+(me|us)\b.{0,40}\b(collab\w*|promot\w*|feature|ambassador|shout\s*out)|\b(promote|feature)\s+(your|ur)\s+(page|account|profile|business)|\bbrand\s+ambassador\b|\bsend\s+(a\s+)?dm\s+to\s+(collab\w*|promot\w*)|\bto\s+get\s+featured\b/i,
    3,
  ],
  [
    "followers",
    /\b(cheap|buy|get|gain|free|real)\s+(\d+\s*k?\s+)?(followers|likes|views)\b|\bcheck\s+(out\s+)?(my|our)\s+(page|profile|bio|account)\b/i,
    2,
  ],
  [
    "money",
    /\b(crypto|bitcoin|btc|usdt|forex|nft|binary\s+options|investment\s+(plan|opportunity)|earn\s+\$?\d+|make\s+money|passive\s+income|sugar\s*(daddy|mommy))\b/i,
    3,
  ],
];

const emojiPattern = /\p{Extended_Pictographic}/gu;
const positiveEmoji = /[❤😍🔥👏🥰😻💕💖😊🙌✨💯]/u;

const questionStart =
  /^\s*(what|when|where|how|why|who|which|can you|could you|do you|does|did|is it|is there|are you|are there|will you|qué|que|cuándo|cuando|dónde|donde|cómo|como|wie|wann|wo|was|gibt es|habt ihr|comment|quand|où|est-ce que|avez-vous|quando|onde|vocês)(?![\p{L}\p{N}])/iu;

const otherLanguageWords: Array<[SentimentLanguage, Set<string>]> = [
  ["de", new Set("der die das und ist nicht ich ein eine es mit auf für wir sie noch".split(" "))],
  ["fr", new Set("le la les et est pas je un une des du avec pour nous vous très".split(" "))],
  ["pt", new Set("o os as é não eu um uma com para você vocês muito obrigado ainda".split(" "))],
];

/** English or Spanish as Press Radar tells them apart, else German, French or Portuguese. */
function languageOf(text: string): SentimentLanguage {
  const tokens = text.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  let best: { language: SentimentLanguage; hits: number } = { language: "en", hits: 1 };
  for (const [language, common] of otherLanguageWords) {
    const hits = tokens.filter((token) => common.has(token)).length;
    if (hits > best.hits) best = { language, hits };
  }
  return best.language === "en" ? detectLanguage(text) : best.language;
}

function unknownLinks(text: string): string[] {
  const hosts: string[] = [];
  for (const match of text.match(linkPattern) ?? []) {
    const raw = match.startsWith("http") ? match : `http://${match}`;
    let host: string;
    try {
      host = new URL(raw).hostname;
    } catch {
      continue;
    }
    if (!knownHosts.test(host)) hosts.push(host);
  }
  return hosts;
}

/** What kind of message this is, with the evidence (see the module comment). */
export function classifyMessage(text: string): MessageClassification {
  const clean = text.normalize("NFC").trim();
  const evidence: Record<MessageKind, number> = {
    complaint: 0,
    purchase: 0,
    question: 0,
    other: 0,
    praise: 0,
    spam: 0,
  };
  const signals: string[] = [];
  const add = (kind: MessageKind, points: number, signal: string) => {
    evidence[kind] += points;
    signals.push(signal);
  };
  if (!clean) return { kind: "other", score: 0, signals: ["empty"] };

  // Spam: links to sites other than Instagram's, and the usual patterns.
  for (const host of unknownLinks(clean)) add("spam", 2, `link:${host}`);
  for (const [name, pattern, points] of spamPatterns) {
    if (pattern.test(clean)) add("spam", points, `spam:${name}`);
  }
  const emojis = clean.match(emojiPattern) ?? [];
  const emojiOnly =
    emojis.length > 0 && clean.replace(emojiPattern, "").replace(/\s|\u200d|\ufe0f/gu, "") === "";
  if (emojiOnly && emojis.length >= 4) add("spam", 2, `emoji-only:${emojis.length}`);

  // The inbox's intent words (English, Spanish, German, French, Portuguese).
  const intents = matchedIntents(clean);
  const fromIntent: Partial<Record<SuggestionIntent, MessageKind>> = {
    complaint: "complaint",
    purchase: "purchase",
    praise: "praise",
  };
  for (const intent of intents) {
    const kind = fromIntent[intent];
    if (kind) add(kind, 2, `keyword:${intent}`);
  }
  if (/[?¿]/.test(clean)) add("question", 2, "question-mark");
  if (questionStart.test(clean)) add("question", 2, "question-word");
  if (emojiOnly && emojis.length < 4 && positiveEmoji.test(clean))
    add("praise", 2, "emoji:positive");

  // The tone: a clearly negative message leans to a complaint, a clearly positive one to praise.
  const tone = { score: quickSentimentScore(clean, languageOf(clean)) };
  if (tone.score !== 0) signals.push(`sentiment:${tone.score}`);
  if (tone.score <= -3) evidence.complaint += 2;
  else if (tone.score <= -2) evidence.complaint += 1;
  if (tone.score >= 3) evidence.praise += 2;
  else if (tone.score >= 2) evidence.praise += 1;

  // Spam wins when it is clear-cut, or when nothing else is said.
  const genuine = evidence.complaint + evidence.purchase + evidence.question;
  if (evidence.spam >= 3 || (evidence.spam >= THRESHOLD && genuine < THRESHOLD)) {
    return { kind: "spam", score: evidence.spam, signals };
  }
  for (const kind of ["complaint", "purchase", "question", "praise"] as const) {
    if (evidence[kind] >= THRESHOLD) return { kind, score: evidence[kind], signals };
  }
  return { kind: "other", score: 0, signals };
}
