import type { Db } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../platform/job-queue.ts";
import type { InstagramContext } from "../instagram/index.ts";

/** What the mentions feature (routes, webhook hook and jobs) works with; built once by the root. */
export interface MentionsContext {
  db: Db;
  events: EventBus;
  logger: Logger;
  now: Clock;
  /** The Graph client, vault and connection helpers: mentions are read as the account. */
  instagram: InstagramContext;
  /** The app's queue as these jobs see it. */
  queue: JobQueue<MentionsContext>;
}

export function defineMentionsJob<Payload>(
  definition: JobDefinition<Payload, MentionsContext>,
): JobDefinition<Payload, MentionsContext> {
  return defineJob(definition);
}
