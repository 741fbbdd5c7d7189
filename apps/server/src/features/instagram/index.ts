import {
  type ConnectionKey,
  type Database,
  deleteInstagramConnectionAndData,
  findConnectionsForMetaUserId,
  findInstagramConnection,
  getConnectionContact,
  listInstagramConnections,
} from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import type { AppJobQueue, JobDefinition } from "../../platform/job-queue.ts";
import { noOutgoingEvents, type OutgoingEvents } from "../../platform/outgoing-events.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import type { TokenVault } from "../../platform/token-vault.ts";
import { removeFilesNoDraftUses } from "../uploads/index.ts";
import { announceConnection, revokeAtMeta } from "./connection-service.ts";
import type { InstagramContext } from "./context.ts";
import { instagramJobs, scheduleInstagramJobs } from "./jobs/index.ts";

export {
  type CdnImage,
  type CdnImageOptions,
  createCdnImageFetcher,
  type FetchCdnImage,
} from "./cdn-image.ts";
export { connectLinkRoutes, publicConnectLinkRoutes } from "./connect-link-routes.ts";
export { CONNECT_LINK_COOKIE, sandboxSpaceOfLinkVisitor } from "./connect-link-service.ts";
export { connectionRoutes } from "./connection-routes.ts";
export { handleGraphFailure, unreachablePublicUrl } from "./connection-service.ts";
export {
  accountClientFor,
  defineInstagramJob,
  hasCapability,
  type InboxArrival,
  type InstagramApps,
  type InstagramContext,
  type MentionArrival,
} from "./context.ts";
export { functionRoutes } from "./functions-routes.ts";
export { pruneWebhooksJob } from "./jobs/prune-webhooks.job.ts";
export { mediaProxyRoutes, noStoreUnlessOk } from "./media-proxy-routes.ts";
export { mediaThumbnailUrl } from "./media-thumbnail.ts";
export { metaRoutes } from "./meta-callback-routes.ts";
export { accountPausedBy, pausedAccounts, pickConnection } from "./plan-pause.ts";
export { afterMediaPublished } from "./published-media.ts";
export { sandboxHostRoutes, sandboxSpaceOfState } from "./sandbox-host-routes.ts";
export { backfillProgress } from "./sync/insights.ts";
export { fetchPeriodInsights } from "./sync/period-insights.ts";
export { readOnePostInsights } from "./sync/post-insights.ts";
export { readStoriesNow } from "./sync/stories.ts";
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
  metrics: InstagramContext["metrics"];
  /** Outgoing webhooks (features/outgoing-webhooks, through the platform's port). */
  outgoing?: OutgoingEvents;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
  /**
   * Jobs of features built on this context (publishing) that the context's queue handle sends
   * and waits for (`queue.idle()`); those features register and schedule them themselves.
   */
  // biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every payload type.
  sharedJobs?: readonly JobDefinition<any, InstagramContext>[];
}): { context: InstagramContext; feature: ServerFeature } {
  const { services, database } = options;
  const queue = options.queue.handle([...instagramJobs, ...(options.sharedJobs ?? [])]);
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
    userEmail: async (workspaceId, instagramId) =>
      (await getConnectionContact(database.db, workspaceId, instagramId))?.email,
    queue,
    storage: services.storage,
    webhookRetentionDays: options.env.webhookRetentionDays,
    metrics: options.metrics,
    outgoing: options.outgoing ?? noOutgoingEvents,
  };
  return {
    context,
    feature: {
      name: "instagram",
      registerJobs: (appQueue) => appQueue.register(instagramJobs, context),
      start: async () => {
        if (options.schedules === false) return;
        await scheduleInstagramJobs(queue);
      },
      stop: async () => {},
    },
  };
}

/** The data-deletion hooks (features/account/data-deletion.ts) for Instagram. */
export function instagramDeletionHooks(ctx: InstagramContext) {
  return {
    revokeInstagramAccess: async (workspaceId: string, instagramId?: string) => {
      const rows =
        instagramId === undefined
          ? await listInstagramConnections(ctx.db, workspaceId)
          : [await findInstagramConnection(ctx.db, workspaceId, instagramId)];
      for (const row of rows) if (row) await revokeAtMeta(ctx, row);
    },
    findConnectionsForMetaUser: (metaUserId: string) =>
      findConnectionsForMetaUserId(ctx.db, metaUserId),
    deleteInstagramData: async (key: ConnectionKey) => {
      const deleted = await deleteInstagramConnectionAndData(ctx.db, key);
      const files = await removeFilesNoDraftUses(ctx, key.workspaceId);
      if (files > 0) deleted.stored_files = files;
      await announceConnection(ctx, key.workspaceId);
      return deleted;
    },
  };
}

/** Meta's deauthorize callback: the person removed the app; their account's connections go. */
export async function deauthorizeMetaUser(ctx: InstagramContext, metaUserId: string) {
  const hooks = instagramDeletionHooks(ctx);
  const connections = await hooks.findConnectionsForMetaUser(metaUserId);
  for (const connection of connections) {
    await hooks.revokeInstagramAccess(connection.workspaceId, connection.instagramId);
    await hooks.deleteInstagramData(connection);
  }
  return connections.length;
}
