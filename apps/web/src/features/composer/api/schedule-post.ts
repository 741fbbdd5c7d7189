import type { ScheduleRequest } from "@sightline/contracts";
import { api, unwrap } from "../../../lib/api-client.ts";

/** The query key every scheduled-posts list lives under (refreshed after scheduling, spec §7). */
export const scheduledPostsQueryKey = ["scheduled-posts"] as const;

/** POST /api/scheduled-posts → 201 {post, checks}. */
export function schedulePost(body: ScheduleRequest) {
  return unwrap(api["scheduled-posts"].$post({ json: body }));
}

/** POST /api/scheduled-posts/check: the pre-publish check without saving. */
export function checkSchedule(body: ScheduleRequest) {
  return unwrap(api["scheduled-posts"].check.$post({ json: body }));
}
