import {
  type AiFact,
  type AiGuardResult,
  type AiRoleId,
  type AiWording,
  type AiWriter,
  aiRoleJobs,
  aiRoleNames,
  BUILTIN_WRITER_LABEL,
} from "@sightline/contracts";
import { z } from "zod";
import type { Logger } from "../../lib/logger.ts";
import { type AiModel, writeJsonWithAi } from "../../platform/ai.ts";
import { allowedByFacts, groundingViolations } from "./grounding.ts";
import type { RoleFacts } from "./role-facts.ts";

const wordingSchema = z.object({
  headline: z.string().trim().min(1).max(200),
  paragraphs: z.array(z.string().trim().min(1).max(1200)).min(1).max(4),
});

export const builtinWriter: AiWriter = { kind: "builtin", label: BUILTIN_WRITER_LABEL };

/**
 * What the model is sent: the role's facts and nothing else (issue 31 point 7: "What was
 * sent"). Links and actions stay out; their words and figures are in the statements.
 */
export function factsForModel(
  role: AiRoleId,
  facts: RoleFacts,
  options: { shareDmText: boolean } = { shareDmText: false },
): string {
  return JSON.stringify(
    {
      role: aiRoleNames[role],
      period: facts.period,
      facts: facts.facts.map((fact: AiFact) =>
        withoutDmText(
          {
            title: fact.title,
            statement: fact.statement,
            figures: fact.figures,
            sample: fact.sample,
          },
          options.shareDmText,
        ),
      ),
    },
    null,
    2,
  );
}

/**
 * A direct message's words stay out of what the model is sent unless the workspace allows it
 * (issue 31 point 7; Settings in the Secretary's panel, off by default): the quote in its
 * statement and its excerpt figure are left out, the rest (who, when, what kind) stays.
 */
function withoutDmText<T extends { statement: string; figures: AiFact["figures"] }>(
  fact: T,
  shareDmText: boolean,
): T {
  if (shareDmText || fact.figures.channel !== "dm") return fact;
  const { excerpt: _excerpt, ...figures } = fact.figures;
  return {
    ...fact,
    statement: fact.statement.replace(
      /: “[\s\S]*?”(?=\.)/,
      " (the message's words are not shared with the model)",
    ),
    figures,
  };
}

function instructionsFor(role: AiRoleId): string {
  return [
    `You are the ${aiRoleNames[role]} of a small team helping an Instagram creator or business; your job: ${aiRoleJobs[role]}.`,
    "Write for the account's owner, plainly and warmly, in English.",
    "Use ONLY the facts you are given. Every number, date, time, @handle and #hashtag you write must appear in the facts; do not compute new numbers (no new percentages, sums or differences) and do not guess.",
    'Answer with one JSON object only: {"headline": string (one sentence, at most 120 characters), "paragraphs": string[] (1 to 3 short paragraphs)}.',
  ].join("\n");
}

export type Worded = {
  wording: AiWording;
  writer: AiWriter;
  sent: string | null;
  guard: AiGuardResult | null;
};

/**
 * The role's wording: the model's when one is configured and its answer names only what the
 * facts hold (asked once more with the violations named, then the built-in wording is used and
 * the event logged); the built-in engine's otherwise, labelled which.
 */
export async function wordFacts(
  role: AiRoleId,
  facts: RoleFacts,
  ai: AiModel | undefined,
  logger: Logger,
  options: { shareDmText: boolean; signal?: AbortSignal } = { shareDmText: false },
): Promise<Worded> {
  const { signal } = options;
  const builtin: Worded = {
    wording: { headline: facts.headline, paragraphs: facts.paragraphs },
    writer: builtinWriter,
    sent: null,
    guard: null,
  };
  if (!ai || facts.status !== "ready" || facts.facts.length === 0) return builtin;
  const sent = factsForModel(role, facts, { shareDmText: options.shareDmText });
  const allowed = allowedByFacts(facts.facts, [
    facts.period ? `${facts.period.from} ${facts.period.to}` : "",
  ]);
  const messages: Array<{ role: "user" | "assistant"; content: string }> = [
    { role: "user", content: `The facts:\n${sent}` },
  ];
  let violations: string[] = [];
  for (let attempt = 0; attempt < 2; attempt++) {
    let answer: z.infer<typeof wordingSchema>;
    try {
      answer = await writeJsonWithAi(ai, {
        instructions: instructionsFor(role),
        messages,
        schema: wordingSchema,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      logger.warn({ role, err: error }, "ai team: the model failed; the built-in wording is used");
      return { ...builtin, sent, guard: { retried: attempt > 0, fellBack: true, violations } };
    }
    violations = groundingViolations([answer.headline, ...answer.paragraphs].join("\n"), allowed);
    if (violations.length === 0) {
      return {
        wording: answer,
        writer: { kind: "model", model: ai.label, label: `Written by ${ai.label}` },
        sent,
        guard: { retried: attempt > 0, fellBack: false, violations: [] },
      };
    }
    messages.push(
      { role: "assistant", content: JSON.stringify(answer) },
      {
        role: "user",
        content: `These are not in the facts: ${violations.join(", ")}. Write it again using only what the facts say.`,
      },
    );
  }
  logger.warn(
    { role, violations },
    "ai team: the model's wording named what the facts do not hold; the built-in wording is used",
  );
  return { ...builtin, sent, guard: { retried: true, fellBack: true, violations } };
}
