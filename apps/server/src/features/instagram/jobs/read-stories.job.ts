import { accountIdPattern } from "@sightline/contracts";
import { findInstagramConnection, listActiveInstagramConnections } from "@sightline/db";
import { z } from "zod";
import { handleGraphFailure } from "../connection-service.ts";
import { defineInstagramJob } from "../context.ts";
import { LAST_READ_BEFORE_EXPIRY_MS, readStoriesNow } from "../sync/stories.ts";

/** The hourly read comes at most this long apart; a story expiring sooner gets a last read. */
const HOUR_MS = 3_600_000;

/**
 * The stories that end before the next hourly read can see them again (with five minutes' slack
 * for a late hourly run), each with when its last read is due: LAST_READ_BEFORE_EXPIRY_MS before
 * its end. A story already inside that window has just been read; it gets none.
 */
export function lastReadsDue(
  expiries: ReadonlyArray<{ igMediaId: string; at: Date }>,
  now: number,
): Array<{ igMediaId: string; at: Date }> {
  return expiries.flatMap((story) => {
    const due = story.at.getTime() - LAST_READ_BEFORE_EXPIRY_MS;
    return due <= now || due > now + HOUR_MS + 5 * 60_000
      ? []
      : [{ igMediaId: story.igMediaId, at: new Date(due) }];
  });
}

/**
 * One account's live stories and their insights read now (decision 039): every hour, and once
 * more just before each story's 24 h end, so an account without the `story_insights` webhook
 * (Instagram Login) keeps its stories' last figures. Keyed per account and slot.
 */
export const readStoriesJob = defineInstagramJob({
  name: "instagram-read-stories",
  version: 1,
  schema: z.object({
    workspaceId: z.string().min(1).max(100),
    accountId: z.string().regex(accountIdPattern),
    /** "hourly", or the story whose last read this is. */
    lastReadOf: z
      .string()
      .regex(/^[0-9A-Za-z_]{1,64}$/)
      .optional(),
  }),
  policy: "stately",
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  dueCheckSeconds: 30,
  key: (payload) =>
    `${payload.workspaceId}:${payload.accountId}:${payload.lastReadOf ? `last:${payload.lastReadOf}` : "hourly"}`,
  async run(payload, ctx) {
    const connection = await findInstagramConnection(
      ctx.db,
      payload.workspaceId,
      payload.accountId,
    );
    if (connection?.status !== "active") return;
    let result: Awaited<ReturnType<typeof readStoriesNow>>;
    try {
      result = await readStoriesNow(ctx, connection);
    } catch (error) {
      if (await handleGraphFailure(ctx, connection, error)) return;
      throw error;
    }
    if (payload.lastReadOf) return;
    // The next hourly read would come after these stories are gone: read them once more before.
    for (const story of lastReadsDue(result.expiries, ctx.now())) {
      await ctx.queue.send(
        readStoriesJob,
        {
          workspaceId: payload.workspaceId,
          accountId: payload.accountId,
          lastReadOf: story.igMediaId,
        },
        { startAt: story.at },
      );
    }
  },
});

/** Every active connection's stories, read each hour. */
export const readStoriesAllJob = defineInstagramJob({
  name: "instagram-read-stories-all",
  version: 1,
  schema: z.object({}),
  policy: "singleton",
  retryLimit: 1,
  async run(_payload, ctx) {
    for (const connection of await listActiveInstagramConnections(ctx.db)) {
      await ctx.queue.send(readStoriesJob, {
        workspaceId: connection.workspaceId,
        accountId: connection.instagramId,
      });
    }
  },
});

/** Hourly, at minute 23 (UTC). */
export const READ_STORIES_CRON = "23 * * * *";
