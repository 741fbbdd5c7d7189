import type { EditForApproval, ScheduleRequest } from "@sightline/contracts";
import { api, unwrap } from "../../../lib/api-client.ts";

/**
 * POST /api/approvals/posts: with approvals on, the composer's draft is kept and sent for
 * approval instead of scheduled (decision 037); it is scheduled for its time once approved.
 */
export function sendForApproval(body: ScheduleRequest) {
  return unwrap(api.approvals.posts.$post({ json: body }));
}

/**
 * PUT /api/approvals/posts/:id: the composer's Edit with approvals on saves the edited post and
 * sends it for approval again, both or neither (decision 037).
 */
export function sendEditForApproval(id: string, body: EditForApproval) {
  return unwrap(api.approvals.posts[":id"].$put({ param: { id }, json: body }));
}
