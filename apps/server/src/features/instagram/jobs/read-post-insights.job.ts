import { accountIdPattern } from "@sightline/contracts";
import { findInstagramConnection } from "@sightline/db";
import { z } from "zod";
import { handleGraphFailure } from "../connection-service.ts";
import { defineInstagramJob } from "../context.ts";
import { readOnePostInsights } from "../sync/post-insights.ts";

/**
 * One post's insights read now: a post just published (first read, then at 1 h, 24 h and 7 d)
 * or a person's "Refresh". Keyed per post and slot, so the follow-ups of one post never
 * collapse into each other while a second Refresh of the same moment does.
 */
export const readPostInsightsJob = defineInstagramJob({
  name: "instagram-read-post-insights",
  version: 1,
  schema: z.object({
    workspaceId: z.string().min(1).max(100),
    /** The account that published the post (jobs queued before several accounts have none). */
    accountId: z.string().regex(accountIdPattern).optional(),
    igMediaId: z.string().regex(/^[0-9A-Za-z_]{1,64}$/),
    slot: z.enum(["published", "1h", "24h", "7d", "refresh"]),
  }),
  policy: "stately",
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  dueCheckSeconds: 60,
  key: (payload) => `${payload.workspaceId}:${payload.igMediaId}:${payload.slot}`,
  async run(payload, ctx) {
    const connection = await findInstagramConnection(
      ctx.db,
      payload.workspaceId,
      payload.accountId,
    );
    if (connection?.status !== "active") return;
    try {
      await readOnePostInsights(ctx, connection, payload.igMediaId);
    } catch (error) {
      if (await handleGraphFailure(ctx, connection, error)) return;
      throw error;
    }
  },
});
