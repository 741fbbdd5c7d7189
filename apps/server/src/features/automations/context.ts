import type { Db } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../platform/job-queue.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { OutgoingEvents } from "../../platform/outgoing-events.ts";
import type { InstagramContext } from "../instagram/index.ts";

/** How fast an account's automations may send (configuration: env.ts, AUTOMATION_*). */
export type AutomationLimits = {
  privateRepliesPerHour: number;
  dmsPerHour: number;
  publicRepliesPerHour: number;
  perSecond: number;
};

/** What the automations' routes and jobs work with (built once by the composition root). */
export interface AutomationsContext {
  db: Db;
  logger: Logger;
  now: Clock;
  instagram: InstagramContext;
  limits: AutomationLimits;
  queue: JobQueue<AutomationsContext>;
  /** The "notify" action's e-mails. */
  mailer: Mailer;
  /** Where the e-mails link to (the run log). */
  publicUrl: string;
  /** Outgoing webhooks: each action sent to Instagram is an `automation.sent`. */
  outgoing: OutgoingEvents;
  /** Tests only: where the sender plays a crash (after deciding, or after Instagram answered). */
  crashAfter?: (step: "sending" | "sent") => void;
}

export function defineAutomationsJob<Payload>(
  definition: JobDefinition<Payload, AutomationsContext>,
): JobDefinition<Payload, AutomationsContext> {
  return defineJob(definition);
}
