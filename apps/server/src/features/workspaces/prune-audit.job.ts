import { type Db, pruneAuditEvents } from "@sightline/db";
import { z } from "zod";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import { defineJob } from "../../platform/job-queue.ts";

export type WorkspacesJobContext = {
  db: Db;
  logger: Logger;
  now: Clock;
  /** Days an audit event is kept (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
};

/** Daily, at 03:23 UTC. */
export const PRUNE_AUDIT_CRON = "23 3 * * *";

/** Retention of the audit log: events older than AUDIT_RETENTION_DAYS (default 365) go. */
export const pruneAuditJob = defineJob<Record<string, never>, WorkspacesJobContext>({
  name: "workspaces-prune-audit",
  version: 1,
  schema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  policy: "stately",
  key: () => "prune",
  async run(_payload, ctx) {
    const before = new Date(ctx.now() - ctx.auditRetentionDays * 24 * 60 * 60 * 1000);
    const deleted = await pruneAuditEvents(ctx.db, before);
    if (deleted > 0) ctx.logger.info({ deleted, before }, "old audit events pruned");
  },
});

export const workspacesJobs = [pruneAuditJob] as const;
