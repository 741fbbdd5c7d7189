import { listConnectionsExpiringBefore, replaceInstagramToken } from "@sightline/db";
import { z } from "zod";
import { announceConnection, handleGraphFailure } from "../connection-service.ts";
import { defineInstagramJob, openToken, sealToken } from "../context.ts";

/** Instagram Login tokens live 60 days; refreshing ten days ahead leaves room for failures. */
export const REFRESH_AHEAD_MS = 10 * 86_400_000;

/**
 * Refreshes long-lived Instagram Login tokens well before they expire. Facebook Login's Page
 * tokens do not expire and are left alone. A refused refresh (190) marks the connection; an
 * empty answer never replaces a good token; a reconnect in between wins.
 */
export const refreshTokensJob = defineInstagramJob({
  name: "instagram-refresh-tokens",
  version: 1,
  schema: z.object({}),
  policy: "singleton",
  retryLimit: 3,
  async run(_payload, ctx) {
    const due = await listConnectionsExpiringBefore(ctx.db, new Date(ctx.now() + REFRESH_AHEAD_MS));
    for (const row of due) {
      if (row.login !== "instagram") continue;
      try {
        const grant = await ctx.graph.oauth.refreshInstagramToken(
          openToken(ctx, row, row.accessToken),
        );
        if (!grant.accessToken) {
          ctx.logger.warn(
            { workspaceId: row.workspaceId },
            "token refresh answered no token; kept the old one",
          );
          continue;
        }
        const now = new Date(ctx.now());
        const replaced = await replaceInstagramToken(ctx.db, {
          workspaceId: row.workspaceId,
          instagramId: row.instagramId,
          previousCiphertext: row.accessToken,
          ciphertext: sealToken(ctx, row.workspaceId, grant.accessToken),
          expiresAt:
            grant.expiresIn !== undefined ? new Date(now.getTime() + grant.expiresIn * 1000) : null,
          refreshedAt: now,
        });
        if (replaced) await announceConnection(ctx, row.workspaceId);
      } catch (error) {
        if (!(await handleGraphFailure(ctx, row, error))) {
          ctx.logger.warn(
            { err: error, workspaceId: row.workspaceId },
            "token refresh failed; retried tomorrow",
          );
        }
      }
    }
  },
});

/** Daily at 03:41 UTC. */
export const REFRESH_TOKENS_CRON = "41 3 * * *";
