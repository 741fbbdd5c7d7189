import type { UpdateScheduledPost } from "@sightline/contracts";
import { api, unwrap } from "../../../lib/api-client.ts";

/** PUT /api/scheduled-posts/:id: an edited draft saved into the same post (issue 14). */
export function updateScheduledPost(id: string, body: UpdateScheduledPost) {
  return unwrap(api["scheduled-posts"][":id"].$put({ param: { id }, json: body }));
}
