import type { Database } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { SafeFetchOptions } from "../../lib/safe-fetch.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import type { AppJobQueue } from "../../platform/job-queue.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import type { InstagramContext } from "../instagram/index.ts";
import type { RadarsContext } from "./context.ts";
import { createFeedFetcher, type SandboxFeeds } from "./press/feed-fetcher.ts";
import { FETCH_ALL_FEEDS_CRON, fetchAllFeedsJob } from "./press/jobs/fetch-all-feeds.job.ts";
import { fetchUserFeedsJob } from "./press/jobs/fetch-user-feeds.job.ts";
import {
  SAMPLE_ALL_HASHTAGS_CRON,
  sampleAllHashtagsJob,
} from "./trend/jobs/sample-all-hashtags.job.ts";
import { sampleUserHashtagsJob } from "./trend/jobs/sample-user-hashtags.job.ts";

export type { RadarsContext } from "./context.ts";
export type { SandboxFeeds } from "./press/feed-fetcher.ts";
export { listMentions } from "./press/mentions.ts";
export { pressRadarRoutes } from "./press/routes.ts";
export { trendRadarRoutes } from "./trend/routes.ts";
export { trendRadarOverview } from "./trend/service.ts";
export { trendOf } from "./trend/velocity.ts";

export const radarsJobs = [
  fetchAllFeedsJob,
  fetchUserFeedsJob,
  sampleAllHashtagsJob,
  sampleUserHashtagsJob,
];

/**
 * Trend Radar and Press Radar: their context, and their jobs (feed fetches every 15 minutes,
 * hashtag sampling hourly) on the app's one job queue, so the process runs a single pg-boss.
 */
export function createRadarsFeature(options: {
  database: Database;
  /** The app's one clock. */
  now: Clock;
  logger: Logger;
  events: EventBus;
  instagram: InstagramContext;
  queue: AppJobQueue;
  /** The sandbox's sample feeds, in sandbox mode (the root injects them). */
  sandboxFeeds: SandboxFeeds | undefined;
  /** Tests stand in for DNS and the network under the feed fetches. */
  outboundFetch?: Pick<SafeFetchOptions, "lookup" | "transport" | "allowPrivateAddressesForTests">;
  feedTimeoutMs?: number;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
}): { context: RadarsContext; feature: ServerFeature } {
  const { instagram } = options;
  const queue = options.queue.handle(radarsJobs);
  const context: RadarsContext = {
    db: options.database.db,
    events: options.events,
    logger: options.logger.child({ feature: "radars" }),
    now: options.now,
    feeds: createFeedFetcher({
      sandbox: options.sandboxFeeds,
      ...(options.outboundFetch ? { outboundFetch: options.outboundFetch } : {}),
      ...(options.feedTimeoutMs ? { timeoutMs: options.feedTimeoutMs } : {}),
    }),
    instagram,
    // The one port the root gave the Instagram context (outgoing webhooks).
    outgoing: instagram.outgoing,
    queue,
  };
  return {
    context,
    feature: {
      name: "radars",
      registerJobs: (appQueue) => appQueue.register(radarsJobs, context),
      start: async () => {
        if (options.schedules === false) return;
        await queue.schedule(fetchAllFeedsJob, FETCH_ALL_FEEDS_CRON, {});
        await queue.schedule(sampleAllHashtagsJob, SAMPLE_ALL_HASHTAGS_CRON, {});
      },
      stop: async () => {},
    },
  };
}
