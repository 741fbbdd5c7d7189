import { api, unwrap } from "../../../lib/api-client.ts";

/**
 * POST /api/functions/instagram-user-lookup: the public profile picture of a professional account
 * by username, or null when it is not found. Fetcher only, for the avatar chain.
 */
export async function lookupInstagramUserPicture(username: string): Promise<string | null> {
  const { user } = await unwrap(
    api.functions["instagram-user-lookup"].$post({ json: { username } }),
  );
  return user?.profile_picture_url ?? null;
}
