import type { Database } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import type { AppJobQueue } from "../../platform/job-queue.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import type { InstagramContext, MentionArrival } from "../instagram/index.ts";
import type { MentionsContext } from "./context.ts";
import { READ_ALL_TAGS_CRON, readAccountTagsJob, readAllTagsJob } from "./jobs/read-tags.job.ts";
import { ingestMentionArrivals } from "./service.ts";

export type { MentionsContext } from "./context.ts";
export { readAccountTagsJob } from "./jobs/read-tags.job.ts";
export { mentionsRoutes } from "./routes.ts";

export const mentionsJobs = [readAccountTagsJob, readAllTagsJob];

/**
 * Mentions and tags (issue 34 point 2, decision 041): the `mentions` webhook's changes, read back
 * and stored once (the Instagram feature hands them over through `onMentions`), and an hourly
 * `/tags` read of every active connection, on the app's one job queue.
 */
export function createMentionsFeature(options: {
  database: Database;
  now: Clock;
  logger: Logger;
  events: EventBus;
  instagram: InstagramContext;
  queue: AppJobQueue;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
}): {
  context: MentionsContext;
  feature: ServerFeature;
  onMentions: (arrivals: MentionArrival[]) => Promise<void>;
} {
  const queue = options.queue.handle(mentionsJobs);
  const context: MentionsContext = {
    db: options.database.db,
    events: options.events,
    logger: options.logger.child({ feature: "mentions" }),
    now: options.now,
    instagram: options.instagram,
    queue,
  };
  return {
    context,
    onMentions: (arrivals) => ingestMentionArrivals(context, arrivals),
    feature: {
      name: "mentions",
      registerJobs: (appQueue) => appQueue.register(mentionsJobs, context),
      start: async () => {
        if (options.schedules === false) return;
        await queue.schedule(readAllTagsJob, READ_ALL_TAGS_CRON, {});
        // Connections made since the last run get their tags now rather than within the hour.
        await queue.send(readAllTagsJob, {});
      },
      stop: async () => {},
    },
  };
}
