import { IDEMPOTENCY_KEY_TTL_HOURS } from "@sightline/contracts";
import {
  type Db,
  pruneApiRequests,
  pruneApiUploads,
  pruneAuditEvents,
  pruneIdempotencyKeys,
} from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import { defineJob, emptyPayload } from "../../platform/job-queue.ts";

export type WorkspacesJobContext = {
  db: Db;
  logger: Logger;
  now: Clock;
  /** Days an audit event is kept (AUDIT_RETENTION_DAYS). */
  auditRetentionDays: number;
};

/** Daily, at 03:23 UTC. */
export const PRUNE_AUDIT_CRON = "23 3 * * *";

/** The public API's request log is kept at most this long (one row per request, decision 033). */
export const API_REQUEST_RETENTION_DAYS = 90;

/**
 * Retention of the audit log: events older than AUDIT_RETENTION_DAYS (default 365) go; so do the
 * public API's request rows older than that or 90 days, whichever is shorter, and its
 * Idempotency-Keys once they no longer answer (24 hours), and its upload announcements a day
 * after they expired (the files themselves stay, as every upload does).
 */
export const pruneAuditJob = defineJob<Record<string, never>, WorkspacesJobContext>({
  name: "workspaces-prune-audit",
  version: 1,
  schema: emptyPayload,
  policy: "stately",
  key: () => "prune",
  async run(_payload, ctx) {
    const before = new Date(ctx.now() - ctx.auditRetentionDays * 24 * 60 * 60 * 1000);
    const deleted = await pruneAuditEvents(ctx.db, before);
    if (deleted > 0) ctx.logger.info({ deleted, before }, "old audit events pruned");
    const days = Math.min(ctx.auditRetentionDays, API_REQUEST_RETENTION_DAYS);
    const requests = await pruneApiRequests(ctx.db, new Date(ctx.now() - days * 24 * 3_600_000));
    const keys = await pruneIdempotencyKeys(
      ctx.db,
      new Date(ctx.now() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000),
    );
    const uploads = await pruneApiUploads(ctx.db, new Date(ctx.now() - 24 * 3_600_000));
    if (requests + keys + uploads > 0) {
      ctx.logger.info({ requests, keys, uploads }, "old API requests pruned");
    }
  },
});

export const workspacesJobs = [pruneAuditJob] as const;
