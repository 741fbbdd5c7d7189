import { z } from "zod";

/*
 * The AI team (issue 31; design: product.md "The AI team", principle 3 "Honest AI"). Every
 * role's output has two layers shown together: facts the server computed from stored data, and
 * wording (the configured model's, or the built-in engine's template sentences), labelled which.
 */

export const aiRoleIds = ["manager", "secretary", "mentor", "creator", "analyst"] as const;
export type AiRoleId = (typeof aiRoleIds)[number];
export const aiRoleSchema = z.enum(aiRoleIds);

export const aiRoleNames: Record<AiRoleId, string> = {
  manager: "Manager",
  secretary: "Secretary",
  mentor: "Mentor",
  creator: "Creator",
  analyst: "Analyst",
};

export const aiRoleJobs: Record<AiRoleId, string> = {
  manager: "this week's plan: how many posts, at which slots, and pending replies",
  secretary: "inbox triage with a suggested reply for each unanswered message",
  mentor: "growth coaching from your own numbers",
  creator: "content ideas with caption and hashtags, ready for the composer",
  analyst: "what moved, by how much, and the posts behind it",
};

/** Where a fact comes from: a chart, a post, a conversation or a page of the app. */
export type AiFactLink = { label: string; href: string };

/** What a fact lets the user do: open the composer pre-filled, or send a suggested reply. */
export type AiFactAction =
  | {
      kind: "compose";
      /** Shown by the composer as 'Pre-filled from: {campaign}' ("Creator: <idea title>"). */
      campaign: string;
      caption: string;
      hashtags: string[];
      /** A suggested slot (ISO), or null. */
      scheduledAt: string | null;
    }
  | {
      kind: "reply";
      channel: "dm" | "comment";
      /** The inbox thread the reply goes to (the inbox's own id for it). */
      threadId: string;
      text: string;
      /** False when Instagram's window for this reply has closed; `reason` says which. */
      canSend: boolean;
      reason: string | null;
    };

/**
 * One computed fact. Its `statement` is the built-in engine's sentence for it; every figure in
 * the statement is in `figures` (the grounding guard checks model wording against these).
 */
export type AiFact = {
  /** Stable within a role's output ("kpi.reach", "post.17912…", "format.reel-vs-image"). */
  id: string;
  /** The role's kind of fact ("kpi-change", "post-contribution", "anomaly", "advice", …). */
  kind: string;
  title: string;
  statement: string;
  /** The fact's figures by name; strings for days (YYYY-MM-DD), handles, hashtags and labels. */
  figures: Record<string, number | string | null>;
  period: { from: string; to: string } | null;
  /** How many days, posts, weeks or messages the figure rests on. */
  sample: { size: number; unit: "days" | "posts" | "weeks" | "messages" } | null;
  links: AiFactLink[];
  action?: AiFactAction;
};

export type AiWording = {
  /** One line for the dashboard card. */
  headline: string;
  paragraphs: string[];
};

export const BUILTIN_WRITER_LABEL = "Written by Sightline's built-in engine";

export type AiWriter =
  | { kind: "builtin"; label: typeof BUILTIN_WRITER_LABEL }
  | { kind: "model"; model: string; label: string };

/** What the grounding guard did with the model's wording. */
export type AiGuardResult = {
  /** The model was asked a second time, with the first answer's violations named. */
  retried: boolean;
  /** Both answers named something not in the facts: the built-in wording is shown. */
  fellBack: boolean;
  /** The last answer's violations ("number 2.7", "@someone", "2026-11-03"). */
  violations: string[];
};

export type AiRoleReport = {
  role: AiRoleId;
  name: string;
  /** "ready": facts computed; "not-enough-data": too little stored, the wording says what. */
  status: "ready" | "not-enough-data";
  period: { from: string; to: string } | null;
  facts: AiFact[];
  wording: AiWording;
  writer: AiWriter;
  /** Exactly what was sent to the model ("What was sent"), or null when no model ran. */
  sent: string | null;
  guard: AiGuardResult | null;
  /** sha256 of the facts, so a stored wording is reused only for the same facts. */
  factsHash: string;
  computedAt: string;
};

/** A role the workspace's plan does not include (Free: the Analyst only). */
export type AiLockedRole = {
  role: AiRoleId;
  name: string;
  status: "locked";
  /** The workspace's plan, and the cheapest plan with the whole team. */
  plan: string;
  requiredPlan: string;
  message: string;
};

export const aiTeamRefreshParamSchema = z.object({ role: aiRoleSchema });

/** Ask Sightline (issue 31 point 6): a question, with the conversation so far. */
export const aiAskSchema = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, "Write a question first.")
      .max(500, "A question is at most 500 characters."),
    history: z
      .array(
        z
          .object({
            role: z.enum(["user", "assistant"]),
            content: z.string().max(4000, "An earlier message is too long."),
          })
          .strict(),
      )
      .max(12, "Start a new conversation: this one is long enough.")
      .default([]),
  })
  .strict();

/** The workspace's AI team settings: DM text goes to the model only when this is on. */
export const aiTeamSettingsSchema = z.object({ shareDmText: z.boolean() }).strict();
