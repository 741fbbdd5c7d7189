import type { Database } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AppJobQueue } from "../../platform/job-queue.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import {
  PRUNE_AUDIT_CRON,
  pruneAuditJob,
  type WorkspacesJobContext,
  workspacesJobs,
} from "./prune-audit.job.ts";

/** The workspaces feature's background work: the audit log's retention sweep. */
export function createWorkspacesFeature(options: {
  database: Database;
  logger: Logger;
  queue: AppJobQueue;
  now: Clock;
  auditRetentionDays: number;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
}): { context: WorkspacesJobContext; feature: ServerFeature } {
  const queue = options.queue.handle(workspacesJobs);
  const context: WorkspacesJobContext = {
    db: options.database.db,
    logger: options.logger.child({ feature: "workspaces" }),
    now: options.now,
    auditRetentionDays: options.auditRetentionDays,
  };
  return {
    context,
    feature: {
      name: "workspaces",
      registerJobs: (appQueue) => appQueue.register(workspacesJobs, context),
      start: async () => {
        if (options.schedules === false) return;
        await queue.schedule(pruneAuditJob, PRUNE_AUDIT_CRON, {});
      },
      stop: async () => {},
    },
  };
}
