import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/functions/instagram-refresh-profile: re-reads picture and counts (null when refused). */
export const refreshInstagramProfile = () =>
  unwrap(api.functions["instagram-refresh-profile"].$post());
