import { api, unwrap } from "../../../lib/api-client.ts";

/**
 * POST /api/functions/instagram-user-profile-get with force: Meta's current profile picture for
 * an Instagram-scoped id, or null. Fetcher only: the avatar chain calls it once, on a failed image.
 */
export async function getInstagramUserProfilePicture(igsid: string): Promise<string | null> {
  const { profile_pic } = await unwrap(
    api.functions["instagram-user-profile-get"].$post({ json: { igsid, force: true } }),
  );
  return profile_pic;
}
