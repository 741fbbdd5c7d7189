import type { PublicConfig } from "@sightline/contracts";
import { api, unwrap } from "../../../lib/api-client.ts";

/**
 * GET /api/config: what this installation offers (Google sign-in, the dev mailbox).
 * Fetcher only: the auth dialog opens on the public site, which does not load TanStack Query.
 */
export function getPublicConfig(): Promise<PublicConfig> {
  return unwrap(api.config.$get());
}
