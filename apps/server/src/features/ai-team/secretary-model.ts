import { type AiFact, suggestReply } from "@sightline/contracts";
import { z } from "zod";
import type { Logger } from "../../lib/logger.ts";
import { type AiModel, writeJsonWithAi } from "../../platform/ai.ts";
import type { RoleFacts } from "./role-facts.ts";
import { kindNames, kindPriority, summaryStatement, triageWording } from "./secretary.ts";
import type { MessageKind } from "./secretary-classifier.ts";

/*
 * The Secretary with a model (issue 31 point 4: "works without a model … and better with one"):
 * the built-in classifier's listed items are read again by the model, which may move one between
 * question, purchase, complaint, praise and other (spam stays the built-in classifier's call);
 * the list is ranked again and the counts follow. A DM's words are sent only when the workspace
 * allows it; a DM without them keeps the built-in kind. Each moved item says who classified it.
 */

const answerKinds = ["question", "purchase", "complaint", "praise", "other"] as const;

const answerSchema = z.object({
  items: z.array(z.object({ id: z.string().max(200), kind: z.enum(answerKinds) })).max(50),
});

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export async function classifyTriageWithModel(
  ai: AiModel,
  facts: RoleFacts,
  options: { shareDmText: boolean; logger: Logger },
): Promise<RoleFacts> {
  const items = facts.facts.filter((fact) => fact.kind === "triage-item");
  const summary = facts.facts.find((fact) => fact.kind === "triage-summary");
  const candidates = items.filter(
    (item) =>
      item.figures.kind !== "spam" &&
      typeof item.figures.excerpt === "string" &&
      (item.figures.channel !== "dm" || options.shareDmText),
  );
  if (!summary || candidates.length === 0) return facts;
  let answer: z.infer<typeof answerSchema>;
  try {
    answer = await writeJsonWithAi(ai, {
      instructions: [
        "You sort an Instagram account's unanswered messages and comments for its owner.",
        `Give each one kind: ${answerKinds.join(", ")}. A complaint is a problem with an order, a product or service; purchase is wanting to buy, prices, stock or shipping; question is any other question; praise is a compliment.`,
        'Answer with one JSON object only: {"items": [{"id": string, "kind": string}]}, one entry per message, ids as given.',
      ].join("\n"),
      messages: [
        {
          role: "user",
          content: candidates
            .map((item) => `${item.id}: ${String(item.figures.excerpt).replace(/\s+/g, " ")}`)
            .join("\n"),
        },
      ],
      schema: answerSchema,
    });
  } catch (error) {
    options.logger.warn({ err: error }, "ai team: the model could not classify the triage");
    return facts;
  }
  const kinds = new Map(answer.items.map((entry) => [entry.id, entry.kind as MessageKind]));
  const counts = Object.fromEntries(
    (Object.keys(kindPriority) as MessageKind[]).map((kind) => [
      kind,
      Number(summary.figures[kind] ?? 0),
    ]),
  ) as Record<MessageKind, number>;
  const moved = items.map((item): AiFact => {
    const before = item.figures.kind as MessageKind;
    const after = candidates.includes(item) ? kinds.get(item.id) : undefined;
    if (!after || after === before) return item;
    counts[before]--;
    counts[after]++;
    const who = item.figures.username ? `@${item.figures.username}` : "Someone";
    const suggestion = suggestReply({
      kind: item.figures.channel === "dm" ? "dm" : "comments",
      name: typeof item.figures.username === "string" ? item.figures.username : null,
      lastText: String(item.figures.excerpt),
      intent: after === "other" || after === "spam" ? "general" : after,
    });
    return {
      ...item,
      title: `${capital(kindNames[after][0])} from ${who}`,
      statement: item.statement.replace(
        `A ${kindNames[before][0]}.`,
        `A ${kindNames[after][0]} (classified by ${ai.label}).`,
      ),
      figures: { ...item.figures, kind: after, classifiedBy: ai.label },
      ...(item.action?.kind === "reply" && suggestion
        ? { action: { ...item.action, text: suggestion.text } }
        : {}),
    };
  });
  const ranked = moved
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        kindPriority[a.item.figures.kind as MessageKind] -
          kindPriority[b.item.figures.kind as MessageKind] ||
        Number(b.item.figures.ageHours ?? 0) - Number(a.item.figures.ageHours ?? 0) ||
        a.index - b.index,
    )
    .map(({ item }, index) => ({ ...item, figures: { ...item.figures, rank: index + 1 } }));
  const total = Number(summary.figures.waiting ?? 0);
  const newSummary: AiFact = {
    ...summary,
    statement: summaryStatement(total, counts),
    figures: { ...summary.figures, ...counts, classifiedBy: ai.label },
  };
  return {
    ...facts,
    facts: [...ranked, newSummary],
    ...triageWording(newSummary, ranked[0]),
  };
}
