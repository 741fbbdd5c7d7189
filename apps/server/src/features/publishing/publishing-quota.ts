import {
  countPublishedSince,
  type InstagramConnectionRow,
  updateInstagramConnection,
} from "@sightline/db";
import type { AccountClient } from "@sightline/instagram-graph";
import type { InstagramContext } from "../instagram/index.ts";

/** Instagram's 24-hour publishing limit: posts used of the total (undefined when not said). */
export type PublishingQuota = { usage: number; total: number | undefined };

/**
 * How long the schedule (or edit) request takes the composer's check's answer instead of asking
 * Instagram again: the check runs while the schedule sheet is open, seconds before.
 */
export const QUOTA_REUSE_MS = 10 * 60_000;

/** Asks Instagram for the limit and keeps its answer on the connection row. */
export async function askPublishingQuota(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
  client: AccountClient,
): Promise<PublishingQuota> {
  const limit = await client.getPublishingLimit();
  await updateInstagramConnection(ctx.db, connection, {
    publishingQuotaUsage: limit.quotaUsage,
    publishingQuotaTotal: limit.quotaTotal ?? null,
    publishingQuotaReadAt: new Date(ctx.now()),
  });
  return { usage: limit.quotaUsage, total: limit.quotaTotal };
}

/** Instagram's stored answer when it is younger than QUOTA_REUSE_MS, with its age. */
export function recentQuota(
  connection: InstagramConnectionRow,
  now: number,
): (PublishingQuota & { ageMs: number }) | undefined {
  const readAt = connection.publishingQuotaReadAt?.getTime();
  if (readAt === undefined || connection.publishingQuotaUsage === null) return undefined;
  const ageMs = now - readAt;
  if (ageMs < 0 || ageMs > QUOTA_REUSE_MS) return undefined;
  return {
    usage: connection.publishingQuotaUsage,
    total: connection.publishingQuotaTotal ?? undefined,
    ageMs,
  };
}

/**
 * The publish job's estimate, without asking: Instagram's stored count plus the account's posts
 * this workspace published since it was read. Posts only leave the 24-hour window, so it is at
 * least Sightline's own use; posts another app published since are not in it (Instagram refuses
 * a post over its limit, and the pipeline fails it with the limit's words). Undefined when
 * Instagram was never asked or gave no total: the job asks then.
 */
export async function estimatedQuota(
  ctx: InstagramContext,
  connection: InstagramConnectionRow,
): Promise<Required<PublishingQuota> | undefined> {
  const readAt = connection.publishingQuotaReadAt;
  if (
    !readAt ||
    connection.publishingQuotaUsage === null ||
    connection.publishingQuotaTotal === null
  ) {
    return undefined;
  }
  const since = await countPublishedSince(
    ctx.db,
    connection.workspaceId,
    connection.instagramId,
    readAt,
  );
  return {
    usage: connection.publishingQuotaUsage + since,
    total: connection.publishingQuotaTotal,
  };
}

/** "less than a minute", "1 minute", "7 minutes": the age a reused answer is stated with. */
export function quotaAge(ageMs: number): string {
  const minutes = Math.floor(ageMs / 60_000);
  if (minutes < 1) return "less than a minute";
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
