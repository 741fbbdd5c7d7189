import { api, unwrap } from "../../../lib/api-client.ts";

/**
 * POST /api/functions/instagram-user-lookup (spec §7). Spec §8: a failed lookup returns no user,
 * and the collaborator is added unverified.
 */
export async function lookupCollaborator(username: string) {
  try {
    return await unwrap(api.functions["instagram-user-lookup"].$post({ json: { username } }));
  } catch {
    return undefined;
  }
}
