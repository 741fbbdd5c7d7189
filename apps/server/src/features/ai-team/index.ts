import type { Database } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { AiModel } from "../../platform/ai.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AppJobQueue } from "../../platform/job-queue.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import type { InstagramContext } from "../instagram/index.ts";
import type { AiTeamContext } from "./context.ts";
import { aiTeamJobs, REFRESH_ALL_TEAMS_CRON, refreshAllTeamsJob } from "./jobs.ts";

export type { AiTeamContext } from "./context.ts";
export { refreshAccountTeamJob } from "./jobs.ts";
export { aiTeamRoutes } from "./routes.ts";

/**
 * The AI team (issue 31): its context for the routes, and its daily job on the app's one queue
 * (every active account's roles computed and worded once a day; the dashboard reads them).
 */
export function createAiTeamFeature(options: {
  database: Database;
  logger: Logger;
  now: Clock;
  ai: AiModel | undefined;
  instagram: InstagramContext;
  queue: AppJobQueue;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
}): { context: AiTeamContext; feature: ServerFeature } {
  const queue = options.queue.handle(aiTeamJobs);
  const context: AiTeamContext = {
    db: options.database.db,
    logger: options.logger.child({ feature: "ai-team" }),
    now: options.now,
    ai: options.ai,
    instagram: options.instagram,
    queue,
  };
  return {
    context,
    feature: {
      name: "ai-team",
      registerJobs: (appQueue) => appQueue.register(aiTeamJobs, context),
      start: async () => {
        if (options.schedules === false) return;
        await queue.schedule(refreshAllTeamsJob, REFRESH_ALL_TEAMS_CRON, {});
      },
      stop: async () => {},
    },
  };
}
