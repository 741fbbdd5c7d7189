import type { JobQueue } from "../../../platform/job-queue.ts";
import type { InstagramContext } from "../context.ts";
import { processWebhooksJob } from "./process-webhooks.job.ts";
import { PRUNE_WEBHOOKS_CRON, pruneWebhooksJob } from "./prune-webhooks.job.ts";
import { readPostInsightsJob } from "./read-post-insights.job.ts";
import { READ_STORIES_CRON, readStoriesAllJob, readStoriesJob } from "./read-stories.job.ts";
import { REFRESH_TOKENS_CRON, refreshTokensJob } from "./refresh-tokens.job.ts";
import { syncAccountJob } from "./sync-account.job.ts";
import { SYNC_ALL_CRON, syncAllJob } from "./sync-all.job.ts";

/** Every Instagram job; the queue registers a worker for each. */
export const instagramJobs = [
  syncAccountJob,
  syncAllJob,
  refreshTokensJob,
  processWebhooksJob,
  pruneWebhooksJob,
  readPostInsightsJob,
  readStoriesJob,
  readStoriesAllJob,
];

export async function scheduleInstagramJobs(queue: JobQueue<InstagramContext>) {
  await queue.schedule(syncAllJob, SYNC_ALL_CRON, {});
  await queue.schedule(refreshTokensJob, REFRESH_TOKENS_CRON, {});
  await queue.schedule(pruneWebhooksJob, PRUNE_WEBHOOKS_CRON, {});
  await queue.schedule(readStoriesAllJob, READ_STORIES_CRON, {});
  // A backstop for deliveries stored just before a crash (the receiver asks for a drain itself).
  await queue.schedule(processWebhooksJob, "*/5 * * * *", {});
  await queue.send(processWebhooksJob, {});
}
