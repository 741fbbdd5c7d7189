import { z } from "zod";
import { defineRadarsJob } from "../../context.ts";
import { sampleUserHashtags } from "../service.ts";

/** Samples one user's tracked hashtags; "stately" folds a schedule run and a refresh together. */
export const sampleUserHashtagsJob = defineRadarsJob({
  name: "trend-radar-sample-user",
  version: 1,
  schema: z.object({ workspaceId: z.string().min(1).max(200) }),
  policy: "stately",
  key: (payload) => payload.workspaceId,
  retryLimit: 1,
  async run(payload, ctx) {
    const result = await sampleUserHashtags(ctx, payload.workspaceId);
    ctx.logger.info(result, "hashtags sampled");
  },
});
