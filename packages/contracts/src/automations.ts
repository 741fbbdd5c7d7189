import { z } from "zod";

/**
 * Automations (issue 32): a rule is a trigger, conditions and actions on one Instagram account.
 * The schemas are the routes' validation and the editor's types; the keyword matcher is shared
 * so the editor's live preview and the server agree on what matches.
 */

export const automationTriggerKinds = ["comment", "dm", "story_reply", "story_mention"] as const;
export type AutomationTriggerKind = (typeof automationTriggerKinds)[number];

export const automationTriggerLabels: Record<AutomationTriggerKind, string> = {
  comment: "A comment on a post",
  dm: "A direct message",
  story_reply: "A reply to your story",
  story_mention: "A mention in someone's story",
};

/** Instagram's limits the texts must fit: a comment (2,200 characters), a DM (1,000 bytes). */
export const AUTOMATION_COMMENT_MAX = 2200;
export const AUTOMATION_DM_MAX_BYTES = 1000;
export const AUTOMATION_MAX_VARIANTS = 10;
export const AUTOMATION_MAX_KEYWORDS = 20;
export const AUTOMATION_MAX_DELAY_SECONDS = 3600;
export const AUTOMATION_MAX_RULES_PER_ACCOUNT = 50;

const keyword = z
  .string()
  .trim()
  .min(1, "A keyword cannot be empty.")
  .max(60, "A keyword has at most 60 characters.");

export const automationKeywordsSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("any_message") }),
  z.object({
    mode: z.enum(["any", "all"]),
    words: z
      .array(keyword)
      .min(1, "Add at least one keyword, or choose “any message”.")
      .max(AUTOMATION_MAX_KEYWORDS, `At most ${AUTOMATION_MAX_KEYWORDS} keywords.`),
    exclude: z
      .array(keyword)
      .max(AUTOMATION_MAX_KEYWORDS, `At most ${AUTOMATION_MAX_KEYWORDS} exclusions.`)
      .default([]),
  }),
]);
export type AutomationKeywords = z.infer<typeof automationKeywordsSchema>;

export const automationPostsSchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("any") }),
  z.object({
    mode: z.literal("chosen"),
    mediaIds: z
      .array(z.string().regex(/^\d{1,30}$/, "A post id is digits."))
      .min(1, "Choose at least one post.")
      .max(50, "At most 50 posts."),
  }),
  /** The first post published after `after` (set by the server when the rule is saved). */
  z.object({ mode: z.literal("next"), after: z.iso.datetime().optional() }),
]);
export type AutomationPosts = z.infer<typeof automationPostsSchema>;

export const automationTriggerSchema = z.object({
  kind: z.enum(automationTriggerKinds),
  posts: automationPostsSchema.default({ mode: "any" }),
  keywords: automationKeywordsSchema,
});
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time is HH:MM, 00:00 to 23:59.");

export const automationConditionsSchema = z.object({
  /** Only a person's first time triggering this rule. */
  firstInteraction: z.boolean().default(false),
  /** Instagram's `is_user_follow_business`, known once the person has messaged the account. */
  audience: z.enum(["everyone", "followers", "non_followers"]).default("everyone"),
  /** No sending between these times in the account's zone: the actions wait for `to`. */
  quietHours: z.object({ from: clockTime, to: clockTime }).nullable().default(null),
});
export type AutomationConditions = z.infer<typeof automationConditionsSchema>;

const link = z.object({
  title: z
    .string()
    .trim()
    .min(1, "A button needs a title.")
    .max(20, "A button title has at most 20 characters."),
  url: z
    .url({ protocol: /^https$/, message: "A link is an https:// address." })
    .max(2000, "A link has at most 2,000 characters."),
});

const dmText = z
  .string()
  .trim()
  .min(1, "A message cannot be empty.")
  .refine(
    (text) => new TextEncoder().encode(text).length <= AUTOMATION_DM_MAX_BYTES - 200,
    "A message has at most 800 bytes (Instagram allows 1,000 with the link and the name).",
  );

/** Instagram's limit for the text of a button message (the link goes out as a button). */
export const AUTOMATION_BUTTON_TEXT_MAX = 640;

export const automationMessageSchema = z
  .object({
    text: dmText,
    link: link.nullable().default(null),
  })
  .superRefine((message, ctx) => {
    if (message.link && [...message.text].length > AUTOMATION_BUTTON_TEXT_MAX)
      ctx.addIssue({
        code: "custom",
        path: ["text"],
        message: `With a link button, a message has at most ${AUTOMATION_BUTTON_TEXT_MAX} characters (Instagram's limit for a button message).`,
      });
  });
export type AutomationMessage = z.infer<typeof automationMessageSchema>;

export const automationActionsSchema = z.object({
  /** Public replies under the comment, one chosen in turn per run. */
  publicReplies: z
    .array(
      z
        .string()
        .trim()
        .min(1, "A reply cannot be empty.")
        .max(AUTOMATION_COMMENT_MAX, `A reply has at most ${AUTOMATION_COMMENT_MAX} characters.`),
    )
    .max(AUTOMATION_MAX_VARIANTS, `At most ${AUTOMATION_MAX_VARIANTS} reply variants.`)
    .default([]),
  /** The one private reply Instagram allows per comment (comment triggers). */
  privateReply: automationMessageSchema.nullable().default(null),
  /** A DM in the conversation (DM, story reply and story mention triggers). */
  dm: automationMessageSchema.nullable().default(null),
  /** Labels put on the person's DM thread (for comments: the thread the private reply opens). */
  labelIds: z
    .array(z.uuid({ error: "A label id is a UUID." }))
    .max(10, "At most 10 labels.")
    .default([]),
  /** E-mail the workspace's members who answer the inbox (one e-mail per rule per 15 minutes). */
  notify: z.boolean().default(false),
  /** Wait this long before acting (0 to an hour). */
  delaySeconds: z
    .number()
    .int()
    .min(0)
    .max(AUTOMATION_MAX_DELAY_SECONDS, "The delay is at most one hour.")
    .default(0),
});
export type AutomationActions = z.infer<typeof automationActionsSchema>;

export const automationRuleInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Give the automation a name.")
      .max(80, "A name has at most 80 characters."),
    enabled: z.boolean().default(true),
    trigger: automationTriggerSchema,
    conditions: automationConditionsSchema.default({
      firstInteraction: false,
      audience: "everyone",
      quietHours: null,
    }),
    actions: automationActionsSchema,
  })
  .superRefine((rule, ctx) => {
    const { kind } = rule.trigger;
    const { actions } = rule;
    if (kind !== "comment") {
      if (rule.trigger.posts.mode !== "any")
        ctx.addIssue({
          code: "custom",
          path: ["trigger", "posts"],
          message: "Only comment automations choose posts.",
        });
      if (actions.publicReplies.length > 0)
        ctx.addIssue({
          code: "custom",
          path: ["actions", "publicReplies"],
          message: "Public replies answer comments only.",
        });
      if (actions.privateReply)
        ctx.addIssue({
          code: "custom",
          path: ["actions", "privateReply"],
          message: "Private replies answer comments only; use a DM.",
        });
    } else {
      if (actions.dm)
        ctx.addIssue({
          code: "custom",
          path: ["actions", "dm"],
          message: "A comment is answered in DMs by its private reply.",
        });
      if (actions.labelIds.length > 0 && !actions.privateReply)
        ctx.addIssue({
          code: "custom",
          path: ["actions", "labelIds"],
          message: "Labels go on the DM thread the private reply opens: add a private reply.",
        });
    }
    if (kind === "story_mention" && rule.trigger.keywords.mode !== "any_message") {
      ctx.addIssue({
        code: "custom",
        path: ["trigger", "keywords"],
        message: "A story mention has no words to match: choose “any message”.",
      });
    }
    const acts =
      actions.publicReplies.length > 0 ||
      actions.privateReply ||
      actions.dm ||
      actions.notify ||
      actions.labelIds.length > 0;
    if (!acts)
      ctx.addIssue({ code: "custom", path: ["actions"], message: "Choose at least one action." });
  });
export type AutomationRuleInput = z.input<typeof automationRuleInputSchema>;
export type AutomationRuleSpec = z.output<typeof automationRuleInputSchema>;

/** Lower case, accents and other marks removed, so "Café" and "cafe" are the same word. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLocaleLowerCase("en-US");
}

/** The words of a text (letters and digits; emoji and punctuation separate). */
function wordsOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether a keyword (one word or several) occurs as whole words in `words`. */
function containsPhrase(words: string[], phrase: string): boolean {
  const wanted = wordsOf(phrase);
  if (wanted.length === 0) return false;
  outer: for (let i = 0; i + wanted.length <= words.length; i++) {
    for (let j = 0; j < wanted.length; j++) if (words[i + j] !== wanted[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * Whether a text triggers the keywords: whole words, case and accent insensitive; "any" needs one
 * keyword, "all" every keyword; an exclusion present refuses. `matched` names the keywords found.
 */
export function matchKeywords(
  keywords: AutomationKeywords,
  text: string | null | undefined,
): { matches: boolean; matched: string[] } {
  if (keywords.mode === "any_message") return { matches: true, matched: [] };
  const words = wordsOf(text ?? "");
  if (keywords.exclude.some((word) => containsPhrase(words, word)))
    return { matches: false, matched: [] };
  const matched = keywords.words.filter((word) => containsPhrase(words, word));
  const matches =
    keywords.mode === "any" ? matched.length > 0 : matched.length === keywords.words.length;
  return { matches, matched: matches ? matched : [] };
}

/** `{first_name}` and `{username}` in a reply, from what Instagram says of the person. */
export function fillPlaceholders(
  text: string,
  person: { username: string | null; name: string | null },
): string {
  const first = person.name?.trim().split(/\s+/)[0] || person.username || "there";
  return text
    .replaceAll("{first_name}", first)
    .replaceAll("{username}", person.username ? `@${person.username}` : first);
}

export const automationOutcomes = ["queued", "sending", "sent", "skipped", "failed"] as const;
export type AutomationOutcome = (typeof automationOutcomes)[number];
export type AutomationActionKind = "public_reply" | "private_reply" | "dm" | "label" | "notify";

/** The shortest time between two e-mails of one rule's "notify" action (a digest in between). */
export const AUTOMATION_NOTIFY_EVERY_MS = 15 * 60_000;

export type AutomationRule = AutomationRuleSpec & {
  id: string;
  accountId: string;
  createdAt: string;
  updatedAt: string;
  counts: {
    triggered: number;
    sent: number;
    skipped: number;
    failed: number;
    repliesAfter: number;
  };
  lastRunAt: string | null;
};

export type AutomationRunAction = {
  kind: AutomationActionKind;
  status: AutomationOutcome;
  reason: string | null;
  text: string | null;
  dueAt: string;
  sentAt: string | null;
};

export type AutomationRun = {
  id: string;
  ruleId: string;
  ruleName: string;
  trigger: AutomationTriggerKind;
  sourceId: string;
  mediaId: string | null;
  person: { id: string; username: string | null };
  text: string | null;
  matched: string[];
  outcome: "acted" | "skipped";
  reason: string | null;
  createdAt: string;
  actions: AutomationRunAction[];
  /** The inbox's conversations of the run: the post's comments, and the DM thread when known. */
  links: { comments: string | null; dm: string | null };
};

export type AutomationQueue = {
  paused: boolean;
  waiting: number;
  /** When the last waiting action is due to go out at the configured pace, or null. */
  allOutBy: string | null;
  limits: { privateRepliesPerHour: number; dmsPerHour: number; publicRepliesPerHour: number };
};

/** Starting points for the common cases (the editor opens them to adjust before saving). */
export const automationTemplates: Array<{
  id: string;
  title: string;
  description: string;
  rule: AutomationRuleInput;
}> = [
  {
    id: "comment-link-dm",
    title: "Comment a word → get the link by DM",
    description:
      "Someone comments LINK on any post: they get a private reply with your link, and a public reply says to check their DMs.",
    rule: {
      name: "Comment LINK → DM",
      trigger: {
        kind: "comment",
        posts: { mode: "any" },
        keywords: { mode: "any", words: ["link"], exclude: [] },
      },
      actions: {
        publicReplies: [
          "Sent it to your DMs, {first_name}! 📩",
          "Check your DMs 💌",
          "Just sent you the link!",
        ],
        privateReply: {
          text: "Hi {first_name}! Here is the link you asked for:",
          link: { title: "Open the link", url: "https://example.com" },
        },
      },
    },
  },
  {
    id: "welcome-dm",
    title: "Welcome DM",
    description: "Answers a person's first message with a friendly hello and what to expect.",
    rule: {
      name: "Welcome DM",
      trigger: { kind: "dm", keywords: { mode: "any_message" } },
      conditions: { firstInteraction: true },
      actions: {
        dm: {
          text: "Hi {first_name}, thanks for your message! We read every DM and answer within a day.",
        },
      },
    },
  },
  {
    id: "faq-price",
    title: "FAQ answers",
    description: "A DM asking about price or shipping gets the answer at once.",
    rule: {
      name: "FAQ: price and shipping",
      trigger: {
        kind: "dm",
        keywords: { mode: "any", words: ["price", "how much", "shipping"], exclude: [] },
      },
      actions: {
        dm: {
          text: "Thanks for asking! Prices and shipping times are on our shop page.",
          link: { title: "Shop", url: "https://example.com/shop" },
        },
      },
    },
  },
  {
    id: "story-mention-thanks",
    title: "Thank story mentions",
    description: "Someone mentions you in their story: they get a thank-you DM.",
    rule: {
      name: "Thanks for the mention",
      trigger: { kind: "story_mention", keywords: { mode: "any_message" } },
      actions: { dm: { text: "Thank you for the mention, {first_name}! 💛" } },
    },
  },
];
