import type { Database } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import type { AppJobQueue } from "../../platform/job-queue.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import type { InstagramContext } from "../instagram/index.ts";
import type { CompetitorsContext } from "./context.ts";
import {
  READ_ALL_COMPETITORS_CRON,
  readAllCompetitorsJob,
} from "./jobs/read-all-competitors.job.ts";
import { readWorkspaceCompetitorsJob } from "./jobs/read-workspace-competitors.job.ts";

export type { CompetitorsContext } from "./context.ts";
export { competitorRoutes } from "./routes.ts";

export const competitorsJobs = [readAllCompetitorsJob, readWorkspaceCompetitorsJob];

/**
 * Competitors (issue 34, decision 040): public Business/Creator accounts read through Business
 * Discovery once a UTC day, on the app's one job queue.
 */
export function createCompetitorsFeature(options: {
  database: Database;
  now: Clock;
  logger: Logger;
  events: EventBus;
  instagram: InstagramContext;
  queue: AppJobQueue;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
}): { context: CompetitorsContext; feature: ServerFeature } {
  const queue = options.queue.handle(competitorsJobs);
  const context: CompetitorsContext = {
    db: options.database.db,
    events: options.events,
    logger: options.logger.child({ feature: "competitors" }),
    now: options.now,
    instagram: options.instagram,
    queue,
  };
  return {
    context,
    feature: {
      name: "competitors",
      registerJobs: (appQueue) => appQueue.register(competitorsJobs, context),
      start: async () => {
        if (options.schedules === false) return;
        await queue.schedule(readAllCompetitorsJob, READ_ALL_COMPETITORS_CRON, {});
      },
      stop: async () => {},
    },
  };
}
