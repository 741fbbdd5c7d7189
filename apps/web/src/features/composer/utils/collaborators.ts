import { MAX_COLLABORATORS } from "@sightline/contracts";

/** Spec §3: a collaborator as the dialog keeps it. */
export interface Collaborator {
  username: string;
  name: string | null;
  avatar: string | null;
  verified: boolean;
}

export const TOO_MANY_COLLABORATORS = "Maximum 3 collaborators allowed";
export const DUPLICATE_COLLABORATOR = "Collaborator already added";

/** Spec §5: the leading @ is stripped; Instagram usernames are case-insensitive. */
export function normalizeCollaborator(raw: string): string {
  return raw.trim().replace(/^@+/, "").trim();
}

/** Why `username` cannot be invited, or undefined when it can (spec §5). */
export function collaboratorProblem(
  existing: readonly Pick<Collaborator, "username">[],
  username: string,
): string | undefined {
  if (!username) return "Enter a username";
  if (existing.some((item) => item.username.toLowerCase() === username.toLowerCase())) {
    return DUPLICATE_COLLABORATOR;
  }
  if (existing.length >= MAX_COLLABORATORS) return TOO_MANY_COLLABORATORS;
  return undefined;
}

/**
 * Spec §5 and §8: a found account is shown verified with its name and picture; one that is not
 * found, or whose lookup failed, is still added, marked '(unverified)'.
 */
export function collaboratorFromLookup(
  username: string,
  lookup:
    | {
        found: boolean;
        user: { username: string; name: string | null; profile_picture_url: string | null } | null;
      }
    | undefined,
): Collaborator {
  if (lookup?.found && lookup.user) {
    return {
      username: lookup.user.username || username,
      name: lookup.user.name,
      avatar: lookup.user.profile_picture_url,
      verified: true,
    };
  }
  return { username, name: null, avatar: null, verified: false };
}
