import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/functions/instagram-caption-generate (spec §7) from the first media item's URL. */
export function generateCaption(mediaUrl: string) {
  return unwrap(
    api.functions["instagram-caption-generate"].$post({ json: { media_url: mediaUrl } }),
  );
}
