import { z } from "zod";
import { defineCompetitorsJob } from "../context.ts";
import { readWorkspaceCompetitors } from "../service.ts";

/** The daily read of one workspace's competitors; "stately" folds repeated requests together. */
export const readWorkspaceCompetitorsJob = defineCompetitorsJob({
  name: "competitors-read-workspace",
  version: 1,
  schema: z.object({ workspaceId: z.string().min(1).max(200) }),
  policy: "stately",
  key: (payload) => payload.workspaceId,
  retryLimit: 1,
  async run(payload, ctx) {
    const result = await readWorkspaceCompetitors(ctx, payload.workspaceId);
    ctx.logger.info(result, "competitors read");
  },
});
