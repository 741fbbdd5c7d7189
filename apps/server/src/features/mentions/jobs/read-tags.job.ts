import { findInstagramConnection, listActiveInstagramConnections } from "@sightline/db";
import { z } from "zod";
import { hasCapability } from "../../instagram/index.ts";
import { defineMentionsJob } from "../context.ts";
import { readTags } from "../service.ts";

/** One account's `/tags` read; "stately" folds the schedule and a "Refresh" into one run. */
export const readAccountTagsJob = defineMentionsJob({
  name: "mentions-read-tags",
  version: 1,
  schema: z.object({
    workspaceId: z.string().min(1).max(200),
    accountId: z.string().min(1).max(200),
  }),
  policy: "stately",
  key: (payload) => `${payload.workspaceId}:${payload.accountId}`,
  retryLimit: 2,
  retryDelaySeconds: 60,
  async run(payload, ctx) {
    const connection = await findInstagramConnection(
      ctx.db,
      payload.workspaceId,
      payload.accountId,
    );
    if (connection?.status !== "active" || !hasCapability(connection, "basic")) return;
    const result = await readTags(ctx, connection);
    ctx.logger.info(result, "tagged media read");
  },
});

/** The schedule: every active connection's tags are read (Instagram sends no webhook for tags). */
export const readAllTagsJob = defineMentionsJob({
  name: "mentions-read-all-tags",
  version: 1,
  schema: z.object({}),
  policy: "singleton",
  retryLimit: 1,
  async run(_payload, ctx) {
    for (const connection of await listActiveInstagramConnections(ctx.db)) {
      await ctx.queue.send(readAccountTagsJob, {
        workspaceId: connection.workspaceId,
        accountId: connection.instagramId,
      });
    }
  },
});

/** Every hour, at minute 41 (UTC), away from the six-hourly sync at minute 17. */
export const READ_ALL_TAGS_CRON = "41 * * * *";
