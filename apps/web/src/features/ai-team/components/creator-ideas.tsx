import type { AiFact, AiRoleReport } from "@sightline/contracts";
import { Lightbulb } from "lucide-react";
import { useAiTeam } from "../api/get-ai-team.ts";

type Idea = { caption: string; hashtags: string[] };

/**
 * The Creator's ideas in the composer (issue 31 point 8): on an empty draft, each idea's title
 * and why, and "Use this" fills the caption and hashtags. Nothing shows without the Creator.
 */
export function CreatorIdeas({ onUse }: { onUse: (idea: Idea) => void }) {
  const team = useAiTeam();
  const creator = team.data?.connected
    ? team.data.roles.find((role) => role.role === "creator")
    : undefined;
  if (creator?.status !== "ready") return null;
  const ideas = (creator as AiRoleReport).facts.filter(
    (fact): fact is AiFact & { action: { kind: "compose" } } =>
      fact.kind === "idea" && fact.action?.kind === "compose",
  );
  if (ideas.length === 0) return null;
  return (
    <section
      aria-labelledby="creator-ideas"
      className="rounded-xl border border-brand-100 bg-brand-50/50 p-3"
    >
      <h3
        id="creator-ideas"
        className="flex items-center gap-1.5 text-sm font-semibold text-slate-900"
      >
        <Lightbulb className="size-4 text-brand-600" aria-hidden="true" />
        Ideas from your Creator
      </h3>
      <ul className="mt-2 space-y-1.5">
        {ideas.slice(0, 3).map((idea) => (
          <li key={idea.id} className="flex items-start justify-between gap-3 text-sm">
            <span className="min-w-0">
              <span className="block font-medium text-slate-800">{idea.title}</span>
              <span className="block text-xs text-slate-600">{idea.statement}</span>
            </span>
            <button
              type="button"
              onClick={() => {
                const action = idea.action as { caption: string; hashtags: string[] };
                onUse({ caption: action.caption, hashtags: action.hashtags });
              }}
              className="shrink-0 rounded-md border border-brand-200 bg-white px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
            >
              Use this
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
