import {
  type Database,
  deleteInstagramConnectionAndData,
  findInstagramConnection,
  findUserIdsForMetaUserId,
  getUserEmail,
} from "@sightline/db";
import type { Services } from "../../deps.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../lib/logger.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import { createJobQueue, type JobDefinition, type JobQueue } from "../../platform/job-queue.ts";
import type { TokenVault } from "../../platform/token-vault.ts";
import { removeFilesNoDraftUses } from "../../services/user-files.ts";
import { announceConnection, revokeAtMeta } from "./connection-service.ts";
import type { InstagramContext } from "./context.ts";
import { instagramJobs, scheduleInstagramJobs } from "./jobs/index.ts";

export { connectionRoutes } from "./connection-routes.ts";
export { accountClientFor, hasCapability, type InstagramContext } from "./context.ts";
export { functionRoutes } from "./functions-routes.ts";
export { mediaProxyRoutes } from "./media-proxy-routes.ts";
export { afterMediaPublished } from "./published-media.ts";
export { backfillProgress } from "./sync/insights.ts";
export { fetchPeriodInsights } from "./sync/period-insights.ts";
export { readOnePostInsights } from "./sync/post-insights.ts";
export { WEBHOOK_MAX_BYTES, webhookRoutes } from "./webhook-routes.ts";

/**
 * The Instagram feature's runtime: its context (Graph client, vault, events, mail) and the job
 * queue whose workers run the sync, token refresh and webhook processing in this process.
 */
export async function startInstagramFeature(options: {
  services: Services;
  database: Database;
  logger: Logger;
  events: EventBus;
  vault: TokenVault;
  env: Env;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
  /** Jobs of features built on this one (publishing), run on the same queue and context. */
  // biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every payload type.
  jobs?: readonly JobDefinition<any, InstagramContext>[];
  /** Their cron schedules, registered when `schedules` is on. */
  schedule?: (queue: JobQueue<InstagramContext>) => Promise<void>;
}): Promise<InstagramContext> {
  const { services, database } = options;
  const ctx: InstagramContext = {
    db: database.db,
    graph: services.graph,
    graphUsage: services.graphUsage,
    vault: options.vault,
    events: options.events,
    logger: options.logger.child({ feature: "instagram" }),
    mailer: services.mailer,
    tasks: services.tasks,
    now: services.now,
    publicUrl: options.env.publicUrl,
    instagram: services.instagram,
    sandbox: services.sandbox,
    userEmail: (userId) => getUserEmail(database.db, userId),
    queue: undefined as unknown as JobQueue<InstagramContext>,
    storage: services.storage,
    webhookRetentionDays: options.env.webhookRetentionDays,
  };
  ctx.queue = await createJobQueue({
    database,
    logger: ctx.logger,
    jobs: [...instagramJobs, ...(options.jobs ?? [])],
    context: ctx,
  });
  if (options.schedules !== false) {
    await scheduleInstagramJobs(ctx.queue);
    await options.schedule?.(ctx.queue);
  }
  return ctx;
}

/** The data-deletion hooks (services/data-deletion.ts) for Instagram. */
export function instagramDeletionHooks(ctx: InstagramContext) {
  return {
    revokeInstagramAccess: async (userId: string) => {
      const row = await findInstagramConnection(ctx.db, userId);
      if (row) await revokeAtMeta(ctx, row);
    },
    findUserIdsForMetaUser: (metaUserId: string) => findUserIdsForMetaUserId(ctx.db, metaUserId),
    deleteInstagramData: async (userId: string) => {
      const deleted = await deleteInstagramConnectionAndData(ctx.db, userId);
      const files = await removeFilesNoDraftUses(ctx, userId);
      if (files > 0) deleted.stored_files = files;
      await announceConnection(ctx, userId);
      return deleted;
    },
  };
}

/** Meta's deauthorize callback: the person removed the app; their connections go. */
export async function deauthorizeMetaUser(ctx: InstagramContext, metaUserId: string) {
  const hooks = instagramDeletionHooks(ctx);
  const userIds = await hooks.findUserIdsForMetaUser(metaUserId);
  for (const userId of userIds) {
    await hooks.revokeInstagramAccess(userId);
    await hooks.deleteInstagramData(userId);
  }
  return userIds.length;
}
