import { MAX_COLLABORATORS } from "@sightline/contracts";
import { BadgeCheck, Loader2, UserPlus, UserRound, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../lib/toast.ts";
import { lookupCollaborator } from "../api/lookup-collaborator.ts";
import {
  type Collaborator,
  collaboratorFromLookup,
  collaboratorProblem,
  normalizeCollaborator,
} from "../utils/collaborators.ts";

/**
 * Spec §5: 'Invite collaborator' — @ stripped, at most 3, no duplicates; each looked up and shown
 * verified with name and avatar, or added anyway marked '(unverified)'.
 */
export function CollaboratorsField({
  collaborators,
  onChange,
}: {
  collaborators: readonly Collaborator[];
  onChange: (update: (current: Collaborator[]) => Collaborator[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [pending, setPending] = useState<string | null>(null);

  const invite = async () => {
    const username = normalizeCollaborator(text);
    const problem = collaboratorProblem(
      pending ? [...collaborators, { username: pending }] : collaborators,
      username,
    );
    if (problem) {
      toast.error(problem);
      return;
    }
    setPending(username);
    setText("");
    const lookup = await lookupCollaborator(username);
    const collaborator = collaboratorFromLookup(username, lookup);
    onChange((current) =>
      collaboratorProblem(current, collaborator.username) ? current : [...current, collaborator],
    );
    setPending(null);
  };

  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          Collaborators
        </label>
        <span className="text-xs text-slate-500">
          {collaborators.length}/{MAX_COLLABORATORS}
        </span>
      </div>
      <form
        className="mt-1.5 flex flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void invite();
        }}
      >
        <Input
          id={id}
          value={text}
          autoComplete="off"
          placeholder="@username"
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={!text.trim()}>
          <UserPlus aria-hidden="true" />
          Invite collaborator
        </Button>
      </form>
      {(collaborators.length > 0 || pending) && (
        <ul className="mt-2 space-y-1.5" aria-label="Collaborators invited">
          {collaborators.map((person) => (
            <li
              key={person.username}
              className="flex items-center gap-2.5 rounded-lg border border-slate-200 px-2.5 py-1.5"
            >
              {person.avatar ? (
                <img
                  src={person.avatar}
                  alt=""
                  className="size-8 rounded-full object-cover"
                  referrerPolicy="no-referrer"
                />
              ) : (
                <span className="flex size-8 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                  <UserRound aria-hidden="true" className="size-4" />
                </span>
              )}
              <span className="min-w-0 flex-1 text-sm">
                <span className="flex items-center gap-1 font-semibold text-slate-900">
                  @{person.username}
                  {person.verified ? (
                    <>
                      <BadgeCheck aria-hidden="true" className="size-4 text-sky-600" />
                      <span className="sr-only">(verified)</span>
                    </>
                  ) : (
                    <span className="font-normal text-amber-700">(unverified)</span>
                  )}
                </span>
                {person.name && (
                  <span className="block truncate text-slate-600">{person.name}</span>
                )}
              </span>
              <button
                type="button"
                aria-label={`Remove collaborator @${person.username}`}
                onClick={() =>
                  onChange((current) => current.filter((c) => c.username !== person.username))
                }
                className="rounded-full p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
          {pending && (
            <li className="flex items-center gap-2.5 rounded-lg border border-dashed border-slate-200 px-2.5 py-1.5 text-sm text-slate-600">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              Looking up @{pending}…
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
