import type { Db } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { AiModel } from "../../platform/ai.ts";
import type { Clock } from "../../platform/clock.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../platform/job-queue.ts";
import type { InstagramContext } from "../instagram/index.ts";

/** What the AI team's routes and jobs work with (built once by the composition root). */
export interface AiTeamContext {
  db: Db;
  logger: Logger;
  now: Clock;
  /** The configured model, or none: the built-in engine writes then. */
  ai: AiModel | undefined;
  /** Asks Instagram for a period's per-period figures the Analyst needs (as the dashboard does). */
  instagram: InstagramContext | undefined;
  queue: JobQueue<AiTeamContext>;
}

export function defineAiTeamJob<Payload>(
  definition: JobDefinition<Payload, AiTeamContext>,
): JobDefinition<Payload, AiTeamContext> {
  return defineJob(definition);
}
