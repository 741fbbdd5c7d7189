import type { OptimalTimesRequestBody } from "@sightline/contracts";
import { api, unwrap } from "../../../lib/api-client.ts";

/** POST /api/functions/instagram-optimal-times (spec §7): the schedule sheet's AI Suggest. */
export function getOptimalTimes(body: OptimalTimesRequestBody) {
  return unwrap(api.functions["instagram-optimal-times"].$post({ json: body }));
}
