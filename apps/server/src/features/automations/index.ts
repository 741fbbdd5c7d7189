import type { Database } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AppJobQueue } from "../../platform/job-queue.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import type { InboxArrival, InstagramContext } from "../instagram/index.ts";
import type { AutomationLimits, AutomationsContext } from "./context.ts";
import { evaluateArrivals } from "./engine.ts";
import { sendAutomationActionsJob } from "./sender.ts";

export type { AutomationLimits, AutomationsContext } from "./context.ts";
export { automationRoutes } from "./routes.ts";
export { drainAutomationActions, sendAutomationActionsJob } from "./sender.ts";

const automationJobs = [sendAutomationActionsJob] as const;

/**
 * Automations (issue 32): rules evaluated on every comment and message someone sends (the
 * Instagram feature tells `onArrivals` before a webhook delivery counts as processed), their
 * actions sent by one paced drain on the app's queue.
 */
export function createAutomationsFeature(options: {
  database: Database;
  logger: Logger;
  now: Clock;
  instagram: InstagramContext;
  queue: AppJobQueue;
  limits: AutomationLimits;
  mailer: Mailer;
  publicUrl: string;
}): {
  context: AutomationsContext;
  feature: ServerFeature;
  onArrivals: (arrivals: InboxArrival[]) => Promise<void>;
} {
  const queue = options.queue.handle(automationJobs);
  const context: AutomationsContext = {
    db: options.database.db,
    logger: options.logger.child({ feature: "automations" }),
    now: options.now,
    instagram: options.instagram,
    limits: options.limits,
    queue,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    // The one port the root gave the Instagram context (outgoing webhooks).
    outgoing: options.instagram.outgoing,
  };
  return {
    context,
    onArrivals: async (arrivals) => {
      if ((await evaluateArrivals(context, arrivals)) > 0) {
        await queue.send(sendAutomationActionsJob, {});
      }
    },
    feature: {
      name: "automations",
      registerJobs: (appQueue) => appQueue.register(automationJobs, context),
      start: async () => {
        // Whatever waited when the process stopped goes out now.
        await queue.send(sendAutomationActionsJob, {});
      },
      stop: async () => {},
    },
  };
}
