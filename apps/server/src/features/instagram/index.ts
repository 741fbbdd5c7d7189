import {
  type Database,
  deleteInstagramConnectionAndData,
  findInstagramConnection,
  findWorkspaceIdsForMetaUserId,
  getConnectionContact,
} from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import type { AppJobQueue, JobDefinition, JobQueue } from "../../platform/job-queue.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import type { TokenVault } from "../../platform/token-vault.ts";
import { removeFilesNoDraftUses } from "../uploads/index.ts";
import { announceConnection, revokeAtMeta } from "./connection-service.ts";
import type { InstagramContext } from "./context.ts";
import { instagramJobs, scheduleInstagramJobs } from "./jobs/index.ts";

export { connectionRoutes } from "./connection-routes.ts";
export { handleGraphFailure, unreachablePublicUrl } from "./connection-service.ts";
export {
  accountClientFor,
  defineInstagramJob,
  hasCapability,
  type InstagramApps,
  type InstagramContext,
} from "./context.ts";
export { functionRoutes } from "./functions-routes.ts";
export { pruneWebhooksJob } from "./jobs/prune-webhooks.job.ts";
export { mediaProxyRoutes } from "./media-proxy-routes.ts";
export { metaRoutes } from "./meta-callback-routes.ts";
export { afterMediaPublished } from "./published-media.ts";
export { backfillProgress } from "./sync/insights.ts";
export { fetchPeriodInsights } from "./sync/period-insights.ts";
export { readOnePostInsights } from "./sync/post-insights.ts";
export { WEBHOOK_MAX_BYTES, webhookRoutes } from "./webhook-routes.ts";

/**
 * The Instagram feature: its context (Graph client, vault, events, mail, its handle on the app's
 * job queue) and the jobs that run the sync, token refresh and webhook processing with it.
 */
export function createInstagramFeature(options: {
  services: Pick<
    InstagramContext,
    "graph" | "graphUsage" | "mailer" | "tasks" | "now" | "instagram" | "sandbox" | "storage"
  >;
  database: Database;
  logger: Logger;
  events: EventBus;
  vault: TokenVault;
  env: { publicUrl: string; webhookRetentionDays: number };
  queue: AppJobQueue;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
  /** Jobs of features built on this one (publishing), run on the same queue and context. */
  // biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every payload type.
  jobs?: readonly JobDefinition<any, InstagramContext>[];
  /** Their cron schedules, registered when `schedules` is on. */
  schedule?: (queue: JobQueue<InstagramContext>) => Promise<void>;
}): { context: InstagramContext; feature: ServerFeature } {
  const { services, database } = options;
  const jobs = [...instagramJobs, ...(options.jobs ?? [])];
  const queue = options.queue.handle(jobs);
  const context: InstagramContext = {
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
    userEmail: async (workspaceId) => (await getConnectionContact(database.db, workspaceId))?.email,
    queue,
    storage: services.storage,
    webhookRetentionDays: options.env.webhookRetentionDays,
  };
  return {
    context,
    feature: {
      name: "instagram",
      registerJobs: (appQueue) => appQueue.register(jobs, context),
      start: async () => {
        if (options.schedules === false) return;
        await scheduleInstagramJobs(queue);
        await options.schedule?.(queue);
      },
      stop: async () => {},
    },
  };
}

/** The data-deletion hooks (features/account/data-deletion.ts) for Instagram. */
export function instagramDeletionHooks(ctx: InstagramContext) {
  return {
    revokeInstagramAccess: async (workspaceId: string) => {
      const row = await findInstagramConnection(ctx.db, workspaceId);
      if (row) await revokeAtMeta(ctx, row);
    },
    findWorkspaceIdsForMetaUser: (metaUserId: string) =>
      findWorkspaceIdsForMetaUserId(ctx.db, metaUserId),
    deleteInstagramData: async (workspaceId: string) => {
      const deleted = await deleteInstagramConnectionAndData(ctx.db, workspaceId);
      const files = await removeFilesNoDraftUses(ctx, workspaceId);
      if (files > 0) deleted.stored_files = files;
      await announceConnection(ctx, workspaceId);
      return deleted;
    },
  };
}

/** Meta's deauthorize callback: the person removed the app; their connections go. */
export async function deauthorizeMetaUser(ctx: InstagramContext, metaUserId: string) {
  const hooks = instagramDeletionHooks(ctx);
  const workspaceIds = await hooks.findWorkspaceIdsForMetaUser(metaUserId);
  for (const workspaceId of workspaceIds) {
    await hooks.revokeInstagramAccess(workspaceId);
    await hooks.deleteInstagramData(workspaceId);
  }
  return workspaceIds.length;
}
