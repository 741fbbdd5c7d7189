import type { AppJobQueue } from "./job-queue.ts";

/**
 * What a server feature hands the composition root (build-server.ts). Routes are mounted by
 * app.ts in one chain, because that chain's type is the API's type for the web app (AppType);
 * everything that runs in the background goes through this interface.
 */
export interface ServerFeature {
  name: string;
  /** Registers the feature's jobs, with the context they run with, on the app's one queue. */
  registerJobs(queue: AppJobQueue): Promise<void>;
  /** Cron schedules and first runs; called once every feature's jobs are registered. */
  start(): Promise<void>;
  /** Releases what the feature holds itself (the queue and the bus are the root's to stop). */
  stop(): Promise<void>;
}
