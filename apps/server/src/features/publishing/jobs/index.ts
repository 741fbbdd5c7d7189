import type { JobQueue } from "../../../platform/job-queue.ts";
import type { InstagramContext } from "../../instagram/index.ts";
import { publishPostJob } from "./publish-post.job.ts";
import { PUBLISH_SWEEP_CRON, publishSweepJob } from "./publish-sweep.job.ts";

/** The publishing jobs; they run with the Instagram context (its Graph client and vault). */
export const publishingJobs = [publishPostJob, publishSweepJob];

export async function schedulePublishingJobs(queue: JobQueue<InstagramContext>) {
  await queue.schedule(publishSweepJob, PUBLISH_SWEEP_CRON, {});
  // Anything due while the server was down goes out now.
  await queue.send(publishSweepJob, {});
}

export { publishPostJob } from "./publish-post.job.ts";
