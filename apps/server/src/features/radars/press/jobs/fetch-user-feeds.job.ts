import { z } from "zod";
import { defineRadarsJob } from "../../context.ts";
import { fetchUserPressSources } from "../service.ts";

/** Fetches one user's feeds; "stately" folds a schedule run and a "Fetch now" into one. */
export const fetchUserFeedsJob = defineRadarsJob({
  name: "press-radar-fetch-user",
  version: 1,
  schema: z.object({ workspaceId: z.string().min(1).max(200), force: z.boolean().default(false) }),
  policy: "stately",
  key: (payload) => payload.workspaceId,
  retryLimit: 1,
  expireInSeconds: 10 * 60,
  async run(payload, ctx) {
    const result = await fetchUserPressSources(ctx, payload.workspaceId, { force: payload.force });
    ctx.logger.info(result, "press feeds fetched");
  },
});
