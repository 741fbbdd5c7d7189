import type { Db } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../platform/job-queue.ts";
import type { InstagramContext } from "../instagram/index.ts";

/** What Competitors' routes and jobs work with: built once in the composition root. */
export interface CompetitorsContext {
  db: Db;
  events: EventBus;
  logger: Logger;
  now: Clock;
  /** The Graph client and vault: Business Discovery is asked as the workspace's account. */
  instagram: InstagramContext;
  /** The app's queue as these jobs see it (set right after they are attached). */
  queue: JobQueue<CompetitorsContext>;
}

export function defineCompetitorsJob<Payload>(
  definition: JobDefinition<Payload, CompetitorsContext>,
): JobDefinition<Payload, CompetitorsContext> {
  return defineJob(definition);
}
