import type { Db } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../platform/job-queue.ts";
import type { OutgoingEvents } from "../../platform/outgoing-events.ts";
import type { InstagramContext } from "../instagram/index.ts";
import type { FeedFetcher } from "./press/feed-fetcher.ts";

/**
 * What Trend Radar and Press Radar (routes and jobs) work with: built once in the composition
 * root. Their jobs (feed fetches, hashtag sampling) run on the app's one job queue.
 */
export interface RadarsContext {
  db: Db;
  events: EventBus;
  logger: Logger;
  now: Clock;
  feeds: FeedFetcher;
  /** The Graph client, vault and connection helpers (hashtag search acts as the account). */
  instagram: InstagramContext;
  /** Outgoing webhooks: Press Radar tells them of each new mention. */
  outgoing: OutgoingEvents;
  /** The app's queue as these jobs see it (set right after they are attached). */
  queue: JobQueue<RadarsContext>;
}

export function defineRadarsJob<Payload>(
  definition: JobDefinition<Payload, RadarsContext>,
): JobDefinition<Payload, RadarsContext> {
  return defineJob(definition);
}
